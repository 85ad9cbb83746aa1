import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(__dirname, '..');
const stylesDir = path.resolve(srcDir, '../../../node_modules/@mantine/core/styles');

/** Style sheets a component needs besides its own (the parts it is built from). */
const PARTS: Record<string, string[]> = {
  Anchor: ['Text'],
  Card: ['Paper'],
  Checkbox: ['InlineInput'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Menu: ['Popover', 'UnstyledButton'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'Pill', 'PillsInput'],
  NativeSelect: ['Input'],
  NumberInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  Textarea: ['Input'],
  TextInput: ['Input'],
  Title: ['Text'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const component = name.replace(/\btype\b/, '').trim();
        if (/^[A-Z]/.test(component)) used.add(component);
      }
    }
  }
  return used;
}

describe('mantine-styles.ts', () => {
  const imported = new Set(
    [...readFileSync(path.join(__dirname, 'mantine-styles.ts'), 'utf8').matchAll(/styles\/([\w-]+)\.css'/g)].map(
      (match) => match[1],
    ),
  );

  it('imports the style sheet of every Mantine component the app uses, and of its parts', () => {
    const missing: string[] = [];
    for (const component of usedComponents()) {
      for (const sheet of [component, ...(PARTS[component] ?? [])]) {
        if (existsSync(path.join(stylesDir, `${sheet}.css`)) && !imported.has(sheet)) {
          missing.push(`${sheet} (for ${component})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('imports the base sheets first and only sheets that exist', () => {
    expect([...imported].slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    for (const sheet of imported) expect(existsSync(path.join(stylesDir, `${sheet}.css`))).toBe(true);
  });
});
