import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { MARKER } from '../../lib/article-data';
import { ReferenceMarker } from './references';

/** Link protocols rendered markdown may use; anything else loses its link. */
const ALLOWED_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/**
 * Keeps relative URLs (no scheme before the first '/', '?' or '#') and absolute ones whose
 * protocol is allowed; answers '' for the rest (javascript:, data:, vbscript:...).
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  const boundary = Math.min(...['/', '?', '#'].map((c) => (url.includes(c) ? url.indexOf(c) : Infinity)));
  if (colon === -1 || boundary < colon) return url;
  return ALLOWED_PROTOCOLS.includes(url.slice(0, colon).toLowerCase()) ? url : '';
}

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown> };
}

/** Text nodes outside links and code get their [n] markers as reference nodes. */
function markReferences(node: MdNode): void {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
  node.children = node.children.flatMap((child): MdNode[] => {
    if (child.type !== 'text' || !child.value) {
      markReferences(child);
      return [child];
    }
    const out: MdNode[] = [];
    let last = 0;
    for (const match of child.value.matchAll(MARKER)) {
      if (match.index > last) out.push({ type: 'text', value: child.value.slice(last, match.index) });
      for (const n of match[1]!.split(',')) {
        const number = Number(n.trim());
        out.push({ type: 'link', url: '#', data: { hProperties: { dataReference: number } }, children: [{ type: 'text', value: `[${number}]` }] });
      }
      last = match.index + match[0].length;
    }
    if (last === 0) return [child];
    if (last < child.value.length) out.push({ type: 'text', value: child.value.slice(last) });
    return out;
  });
}

const remarkReferenceMarkers = () => (tree: MdNode) => markReferences(tree);

const blockComponents: Components = {
  a: ({ node, href, children }) => {
    const reference = node?.properties?.dataReference;
    if (typeof reference === 'number') return <ReferenceMarker n={reference} />;
    if (!href) return <>{children}</>;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400">
        {children}
      </a>
    );
  },
  p: ({ children }) => <p className="mb-3 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="mb-3 list-disc space-y-1 ps-5 last:mb-0">{children}</ul>,
  ol: ({ children }) => <ol className="mb-3 list-decimal space-y-1 ps-5 last:mb-0">{children}</ol>,
  h1: ({ children }) => <p className="mb-2 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="mb-2 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="mb-2 font-semibold">{children}</p>,
  blockquote: ({ children }) => <blockquote className="mb-3 border-s-4 border-slate-300 ps-3 text-slate-700 italic dark:border-slate-600 dark:text-slate-300">{children}</blockquote>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em] dark:bg-slate-800">{children}</code>,
  pre: ({ children }) => <pre className="mb-3 overflow-x-auto rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">{children}</pre>,
  table: ({ children }) => (
    <div className="mb-3 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border-b border-slate-300 px-2 py-1 text-start font-semibold dark:border-slate-600">{children}</th>,
  td: ({ children }) => <td className="border-b border-slate-200 px-2 py-1 dark:border-slate-700">{children}</td>,
  img: ({ alt }) => <>{alt}</>,
};

/** Paragraphs flow inline (a bullet point, a table cell): no block margins. */
const inlineComponents: Components = { ...blockComponents, p: ({ children }) => <>{children}</> };

/**
 * Markdown as the article writer produced it (GitHub flavour), with [n] markers as reference
 * links (inside a ReferenceProvider), links limited to the allowed protocols and opened in a new
 * tab, and images shown as their description (an article never loads remote images).
 */
const remarkPlugins = [remarkGfm, remarkReferenceMarkers];

/**
 * Rendered markdown. Parsing is the costly part of an article page's render, so the same text is
 * not parsed again when the page around it re-renders (side lists arriving, the address tidied).
 */
export const Markdown = memo(function Markdown({ text, inline = false }: { text: string; inline?: boolean }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} urlTransform={safeUrl} components={inline ? inlineComponents : blockComponents}>
      {text}
    </ReactMarkdown>
  );
});
