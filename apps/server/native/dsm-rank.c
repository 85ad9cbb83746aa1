/*
** dsm_bm25(): FTS5's bm25 ranking, with each phrase's document count given by the caller.
**
**   dsm_bm25(docs_fts, weight_0, ..., weight_N-1 [, phrase_text, documents]...)
**
** One weight per column of the table, as bm25() takes them. Each pair after the weights names a phrase of the
** query (its tokens joined by a space) and the number of rows it matches, as the search thread keeps them. The
** score of a row is bm25()'s, computed the same way; only where the IDF comes from differs:
** - FTS5's bm25() counts every phrase's rows once per statement, reading its whole list (a word of 350,000
**   offers: 35 ms), before it scores the first row;
** - here a phrase's IDF comes from its given count, and is counted as bm25() counts it only when no count is given
**   and the phrase scores in a row (has an instance in a column of weight above 0): a facet value, which weighs 0,
**   and an excluded phrase, which no match holds, are never counted.
*/
#include <math.h>
#include <string.h>
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

typedef struct {
  int nPhrase;
  double avgdl;
  double nRow;
  double *aIdf;  /* NAN until known */
  double *aFreq; /* per-row scratch */
} RankData;

static void rankDataDelete(void *p) { sqlite3_free(p); }

static int countHit(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUserData) {
  (void)pApi;
  (void)pFts;
  (*(sqlite3_int64 *)pUserData)++;
  return SQLITE_OK;
}

/* The count given for phrase iPhrase (its tokens joined by spaces, compared with each given text), or -1. */
static sqlite3_int64 givenCount(const Fts5ExtensionApi *pApi, Fts5Context *pFts, int iPhrase, int nCol, int nVal,
                                sqlite3_value **apVal) {
  if (pApi->iVersion < 3) return -1;
  int nToken = pApi->xPhraseSize(pFts, iPhrase);
  for (int iArg = nCol; iArg + 1 < nVal; iArg += 2) {
    const char *zText = (const char *)sqlite3_value_text(apVal[iArg]);
    int nText = sqlite3_value_bytes(apVal[iArg]);
    if (zText == 0) continue;
    int at = 0;
    int matches = 1;
    for (int iToken = 0; iToken < nToken && matches; iToken++) {
      const char *zToken = 0;
      int nTok = 0;
      if (pApi->xQueryToken(pFts, iPhrase, iToken, &zToken, &nTok) != SQLITE_OK || zToken == 0) return -1;
      if (iToken > 0) {
        if (at >= nText || zText[at] != ' ') matches = 0;
        at++;
      }
      if (matches && (at + nTok > nText || memcmp(zText + at, zToken, (size_t)nTok) != 0)) matches = 0;
      at += nTok;
    }
    if (matches && at == nText && sqlite3_value_type(apVal[iArg + 1]) != SQLITE_NULL)
      return sqlite3_value_int64(apVal[iArg + 1]);
  }
  return -1;
}

static void dsmBm25(const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal,
                    sqlite3_value **apVal) {
  const double k1 = 1.2;
  const double b = 0.75;
  int nCol = pApi->xColumnCount(pFts);
  RankData *pData = (RankData *)pApi->xGetAuxdata(pFts, 0);
  int rc = SQLITE_OK;
  if (pData == 0) {
    int nPhrase = pApi->xPhraseCount(pFts);
    sqlite3_int64 nRow = 0;
    sqlite3_int64 nToken = 0;
    size_t bytes = sizeof(RankData) + sizeof(double) * 2 * (size_t)(nPhrase > 0 ? nPhrase : 1);
    pData = (RankData *)sqlite3_malloc64(bytes);
    if (pData == 0) {
      sqlite3_result_error_nomem(pCtx);
      return;
    }
    memset(pData, 0, bytes);
    pData->nPhrase = nPhrase;
    pData->aIdf = (double *)&pData[1];
    pData->aFreq = &pData->aIdf[nPhrase];
    for (int i = 0; i < nPhrase; i++) pData->aIdf[i] = NAN;
    rc = pApi->xRowCount(pFts, &nRow);
    if (rc == SQLITE_OK) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    pData->nRow = (double)nRow;
    pData->avgdl = nRow > 0 ? (double)nToken / (double)nRow : 1.0;
    if (rc == SQLITE_OK) rc = pApi->xSetAuxdata(pFts, pData, rankDataDelete);
    else sqlite3_free(pData);
    if (rc != SQLITE_OK) {
      sqlite3_result_error_code(pCtx, rc);
      return;
    }
  }

  int nInst = 0;
  rc = pApi->xInstCount(pFts, &nInst);
  for (int i = 0; i < pData->nPhrase; i++) pData->aFreq[i] = 0.0;
  for (int i = 0; rc == SQLITE_OK && i < nInst; i++) {
    int iPhrase, iCol, iOff;
    rc = pApi->xInst(pFts, i, &iPhrase, &iCol, &iOff);
    if (rc == SQLITE_OK) pData->aFreq[iPhrase] += (nVal > iCol) ? sqlite3_value_double(apVal[iCol]) : 1.0;
  }
  int nTok = 0;
  if (rc == SQLITE_OK) rc = pApi->xColumnSize(pFts, -1, &nTok);
  double score = 0.0;
  double D = (double)nTok;
  for (int i = 0; rc == SQLITE_OK && i < pData->nPhrase; i++) {
    double freq = pData->aFreq[i];
    if (freq <= 0.0) continue;
    if (isnan(pData->aIdf[i])) {
      sqlite3_int64 nHit = nVal > nCol ? givenCount(pApi, pFts, i, nCol, nVal, apVal) : -1;
      if (nHit < 0) {
        nHit = 0;
        rc = pApi->xQueryPhrase(pFts, i, (void *)&nHit, countHit);
      }
      if (nHit > (sqlite3_int64)pData->nRow) nHit = (sqlite3_int64)pData->nRow;
      double idf = log((0.5 + pData->nRow - (double)nHit) / (0.5 + (double)nHit));
      pData->aIdf[i] = idf <= 0.0 ? 1e-6 : idf;
    }
    score += pData->aIdf[i] * (freq * (k1 + 1.0)) / (freq + k1 * (1 - b + b * D / pData->avgdl));
  }
  if (rc == SQLITE_OK) sqlite3_result_double(pCtx, -1.0 * score);
  else sqlite3_result_error_code(pCtx, rc);
}

static fts5_api *fts5ApiOf(sqlite3 *db) {
  fts5_api *pRet = 0;
  sqlite3_stmt *pStmt = 0;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &pStmt, 0) == SQLITE_OK) {
    sqlite3_bind_pointer(pStmt, 1, (void *)&pRet, "fts5_api_ptr", 0);
    sqlite3_step(pStmt);
  }
  sqlite3_finalize(pStmt);
  return pRet;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_extension_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi) {
  SQLITE_EXTENSION_INIT2(pApi);
  (void)pzErrMsg;
  fts5_api *fts5 = fts5ApiOf(db);
  if (fts5 == 0 || fts5->iVersion < 2) return SQLITE_ERROR;
  return fts5->xCreateFunction(fts5, "dsm_bm25", 0, dsmBm25, 0);
}
