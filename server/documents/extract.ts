import { Readability } from '@mozilla/readability';
import { lazyRequire } from '../lazy.js';
import { cleanText } from '../text.js';

const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

/**
 * Readable text from an HTML page or fragment: Readability on a DOM for whole pages, the DOM's
 * text (block elements as paragraphs) when Readability finds no article (short fragments).
 */
export function htmlToText(html: string): { title?: string; text: string } {
  const wrapped = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const { document } = linkedom().parseHTML(wrapped);
  if (html.length > 2000) {
    try {
      const article = new Readability(document.cloneNode(true) as unknown as Document, { charThreshold: 200 }).parse();
      if (article?.textContent && article.textContent.trim().length > 200) {
        return { title: article.title ?? undefined, text: cleanText(article.textContent) };
      }
    } catch {
      // Readability gives up on odd markup; the plain DOM text below still works.
    }
  }
  for (const node of document.querySelectorAll('script,style,noscript,template')) node.remove();
  for (const node of document.querySelectorAll('p,div,br,li,h1,h2,h3,h4,h5,h6,tr,blockquote,section,article')) {
    node.after(document.createTextNode('\n'));
  }
  return { text: cleanText(document.body?.textContent ?? document.textContent ?? '') };
}
