/**
 * Reads CSV text as RFC 4180 describes it: fields separated by commas (or semicolons or tabs,
 * as spreadsheets in many locales save them, detected from the first line), optionally quoted
 * with "", doubled quotes inside quotes, CRLF or LF line ends, a leading byte-order mark.
 * Returns one array of fields per line with the line number where the record starts; blank
 * lines are skipped.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = ([',', ';', '\t'] as const).map((d) => ({ d, n: unquoted.split(d).length - 1 }));
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.d : ',';
}

export function parseCsv(input: string, delimiter = detectDelimiter(input.replace(/^\uFEFF/, ''))): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let sawContent = false;

  const endRecord = () => {
    fields.push(field);
    if (sawContent || fields.length > 1 || field !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
    sawContent = false;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      sawContent = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      sawContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0 || sawContent) endRecord();
  return records;
}
