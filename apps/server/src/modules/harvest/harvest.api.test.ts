import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { THarvestRunResponse, THarvestSource } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { requestAs, signIn } from '../../test/auth';
import { useTemporaryFolder, useTestApp } from '../../test/lifecycle';

// The API reads harvest files only inside HARVEST_FILE_DIR; the test's file is in the temporary folder.
const testApp = useTestApp({ HARVEST_FILE_DIR: os.tmpdir() });
const folder = useTemporaryFolder('dsm-harvest-api-');

describe('harvest API', () => {
  it('refuses callers without the operator role', async () => {
    const user = await signIn(testApp);
    const response = await requestAs(testApp, user, 'GET', '/api/harvest/sources');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'The role DSM_OPERATOR is required' });
  });

  it('lets an operator add, run, list and remove a source', async () => {
    const operator = await signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });
    const file = path.join(folder.path, 'data.json');
    await writeFile(
      file,
      JSON.stringify({
        dataset: [
          {
            identifier: 'x-1',
            title: 'Ferry passengers',
            keyword: 'ferry, harbour',
            theme: ['Transportation'],
            modified: '2024-02',
          },
        ],
      }),
    );
    const added = await requestAs<THarvestSource>(testApp, operator, 'POST', '/api/harvest/sources', {
      name: 'local',
      location: file,
      format: 'dcat-us',
      schedule: '0 3 * * *',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'local', format: 'dcat-us', schedule: '0 3 * * *', lastStatus: null });

    const duplicate = await requestAs(testApp, operator, 'POST', '/api/harvest/sources', {
      name: 'local',
      location: file,
      format: 'dcat-us',
    });
    expect(duplicate.status).toBe(409);

    const run = await requestAs<THarvestRunResponse>(
      testApp,
      operator,
      'POST',
      `/api/harvest/sources/${added.body.id}/run`,
    );
    expect(run.body).toMatchObject({ status: 'succeeded', counts: { created: 1, failed: 0 } });

    const list = await requestAs<THarvestSource[]>(testApp, operator, 'GET', '/api/harvest/sources');
    expect(list.body).toEqual([
      expect.objectContaining({ name: 'local', lastStatus: 'succeeded', lastCounts: run.body.counts }),
    ]);

    const found = await requestAs<{ total: number }>(testApp, operator, 'POST', '/api/search?query=ferry', {
      index: 0,
      pageSize: 10,
    });
    expect(found.body.total).toBe(1);

    const removed = await requestAs(testApp, operator, 'DELETE', `/api/harvest/sources/${added.body.id}`);
    expect(removed.status).toBe(204);
    const search = await requestAs<{ total: number }>(testApp, operator, 'POST', '/api/search?query=ferry', {
      index: 0,
      pageSize: 10,
    });
    expect(search.body.total).toBe(0);
  });

  it('answers a run of a data.json with an element that is not JSON as succeeded with that one failed, and a cut-off one as failed at its byte', async () => {
    const operator = await signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });
    const file = path.join(folder.path, 'broken.json');
    const record = (id: number) => JSON.stringify({ identifier: `b-${id}`, title: `Harbour tides ${id}` });
    const head = `{"dataset": [${record(1)}, `;
    await writeFile(file, `${head}{"identifier": "b-2", "title": tides}, ${record(3)}]}`);
    const added = await requestAs<THarvestSource>(testApp, operator, 'POST', '/api/harvest/sources', {
      name: 'broken',
      location: file,
      format: 'dcat-us',
    });
    const runOf = () =>
      requestAs<THarvestRunResponse>(testApp, operator, 'POST', `/api/harvest/sources/${added.body.id}/run`);

    const run = await runOf();
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'succeeded', counts: { created: 2, failed: 1 }, error: null });

    await writeFile(file, `${head}{"identifier": "b-2", "tit`);
    const cut = await runOf();
    expect(cut.body).toMatchObject({
      status: 'failed',
      counts: { created: 0, unchanged: 1, failed: 0 },
      error: `Not a JSON document with a dataset array: the document ends inside element 2, which starts at byte ${head.length} (the file is cut off, or a string or bracket in it is not closed)`,
    });
  });
});
