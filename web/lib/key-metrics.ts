import type { DataTable } from './article-data';

/**
 * The key-metrics table: columns are recognised by name,
 * case-insensitively; rows may be arrays (in column order) or objects (keyed by column name).
 */
export const METRIC_FIELDS = ['metric', 'value', 'unit', 'entity', 'geography', 'date', 'period', 'context_note', 'citations', 'confidence'] as const;
export type MetricField = (typeof METRIC_FIELDS)[number];

export const METRIC_LABELS: Record<MetricField, string> = {
  metric: 'Metric',
  value: 'Value',
  unit: 'Unit',
  entity: 'Entity',
  geography: 'Geography',
  date: 'Date',
  period: 'Period',
  context_note: 'Context',
  citations: 'Citations',
  confidence: 'Confidence',
};

const ALIASES: Record<string, MetricField> = { geo: 'geography' };

/** The field a column name means, or undefined: 'Metric', ' VALUE ', 'Geo', 'context note'. */
export function recogniseColumn(name: string): MetricField | undefined {
  const key = name.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return ALIASES[key] ?? (METRIC_FIELDS as readonly string[]).find((field) => field === key) as MetricField | undefined;
}

export type MetricRow = Partial<Record<MetricField, unknown>>;

export interface KeyMetrics {
  /** Recognised fields in the table's own column order (each once). */
  fields: MetricField[];
  rows: MetricRow[];
}

/** Reads a table into recognised fields; undefined when there are no columns or no rows left. */
export function readKeyMetrics(table: DataTable | undefined): KeyMetrics | undefined {
  if (!table) return undefined;
  const positions: { field: MetricField; index: number }[] = [];
  table.columns.forEach((name, index) => {
    const field = recogniseColumn(name);
    if (field && !positions.some((p) => p.field === field)) positions.push({ field, index });
  });
  if (positions.length === 0) return undefined;
  const rows = table.rows
    .map((row): MetricRow => {
      if (Array.isArray(row)) return Object.fromEntries(positions.map(({ field, index }) => [field, row[index]]));
      const byField = new Map<MetricField, unknown>();
      for (const [key, value] of Object.entries(row)) {
        const field = recogniseColumn(key);
        if (field && !byField.has(field)) byField.set(field, value);
      }
      return Object.fromEntries(positions.map(({ field }) => [field, byField.get(field)]));
    })
    .filter((row) => Object.values(row).some((value) => cellText(value) !== ''));
  return rows.length ? { fields: positions.map((p) => p.field), rows } : undefined;
}

/** A cell as text: numbers and lists read naturally, objects and nothing are empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  return '';
}

/** Citation numbers of a cell: 3, '1, 2', '[1][2]', [1, 2]. */
export function citationNumbers(value: unknown): number[] {
  const text = Array.isArray(value) ? value.map(cellText).join(',') : cellText(value);
  return [...new Set((text.match(/\d+/g) ?? []).map(Number))];
}

export type ConfidenceTone = 'high' | 'medium' | 'other';

/** Confidence colours: high green, medium yellow, anything else grey. */
export function confidenceTone(value: unknown): ConfidenceTone {
  const text = cellText(value).toLowerCase();
  return text === 'high' ? 'high' : text === 'medium' ? 'medium' : 'other';
}
