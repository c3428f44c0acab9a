import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads plain, quoted and escaped fields with their line numbers', () => {
    const text = 'email,first_name\r\n"a@x.com","Ann, Jr."\n\nb@x.com,"He said ""hi"""\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['email', 'first_name'] },
      { line: 2, fields: ['a@x.com', 'Ann, Jr.'] },
      { line: 4, fields: ['b@x.com', 'He said "hi"'] },
    ]);
  });

  it('keeps line breaks inside quotes and counts lines after them', () => {
    expect(parseCsv('"multi\nline",x\ny,z')).toEqual([
      { line: 1, fields: ['multi\nline', 'x'] },
      { line: 3, fields: ['y', 'z'] },
    ]);
  });

  it('drops a byte-order mark and detects semicolons and tabs', () => {
    expect(parseCsv('\uFEFFemail;role\na@x.com;admin')).toEqual([
      { line: 1, fields: ['email', 'role'] },
      { line: 2, fields: ['a@x.com', 'admin'] },
    ]);
    expect(detectDelimiter('email\tname\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c,d')).toBe(',');
    expect(detectDelimiter('email')).toBe(',');
  });

  it('keeps empty fields and a last line without a newline', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 2, fields: ['', '', ''] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\r\n')).toEqual([]);
  });

  it('reads back any table written with RFC 4180 quoting', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r\n', ' ', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (table) => {
        const text = table.map((row) => row.map((value) => `"${value.replace(/"/g, '""')}"`).join(',')).join('\r\n');
        expect(parseCsv(text, ',').map((record) => record.fields)).toEqual(table);
      }),
    );
  });
});
