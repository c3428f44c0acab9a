import type { Rule } from './rule.js';

/*
 * LaTeX in abstracts (arXiv writes the authors' source as it was typed): the reader and every
 * later stage (sentence splitting, key metrics, search terms) read the text it prints. Only for
 * sources that write LaTeX: elsewhere a dollar sign is a currency.
 */

/** Symbols of LaTeX's standard math and text commands, as printed. */
const SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  times: '×', cdot: '·', pm: '±', mp: '∓', leq: '≤', le: '≤', geq: '≥', ge: '≥', neq: '≠', ne: '≠', approx: '≈', sim: '~', simeq: '≃', propto: '∝', infty: '∞', ell: 'ℓ', partial: '∂', nabla: '∇',
  to: '→', rightarrow: '→', leftarrow: '←', Rightarrow: '⇒', mapsto: '↦', in: '∈', notin: '∉', subset: '⊂', subseteq: '⊆', cup: '∪', cap: '∩', sum: 'Σ', prod: 'Π', int: '∫', sqrt: '√',
  ldots: '…', cdots: '⋯', dots: '…', circ: '°', degree: '°', log: 'log', exp: 'exp', max: 'max', min: 'min',
};
const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '+': '⁺', '-': '⁻' };

/** A command's argument in braces, one level of nesting inside. */
const ARG = String.raw`\{((?:[^{}]|\{[^{}]*\})*)\}`;

/** A fraction's part as it prints inline: in parentheses where it is more than one term ("p(1-p)" of "\\frac{p(1-p)}{2}" -> "(p(1-p))"). */
const inlinePart = (part: string) => (/^[\p{L}\p{N}.]+$/u.test(part.trim()) ? part.trim() : `(${part.trim()})`);

/**
 * The math between dollars as text: a fraction written on one line ("\\tfrac{1}{2}" -> "1/2"),
 * spacing and sizing commands as nothing or a space ("\\!", "\\,", "\\quad", "\\left("), commands by
 * their symbols, scripts flat ("PM$_{2.5}$" -> "PM2.5", "SR$^2$" -> "SR²").
 */
function mathText(math: string): string {
  return math
    .replace(new RegExp(String.raw`\\[dt]?frac\s*` + ARG + String.raw`\s*` + ARG, 'g'), (_, top: string, bottom: string) => `${inlinePart(top)}/${inlinePart(bottom)}`)
    .replace(/\\(?:left|right|[Bb]igg?[lr]?)(?![A-Za-z])/g, '')
    .replace(/\\q?quad(?![A-Za-z])|\\[,;:>]/g, ' ')
    .replace(/\\!/g, '')
    .replace(/\\(?:mathrm|mathbf|mathit|mathbb|mathcal|mathsf|mathtt|text|textrm|textbf|textit|operatorname|boldsymbol)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\\([{}])/g, (_, brace: string) => (brace === '{' ? '\uE000' : '\uE001'))
    .replace(/\\\s/g, ' ')
    .replace(/\\([A-Za-z]+)/g, (whole, name: string) => SYMBOLS[name] ?? name)
    .replace(/\\([%&#_$])/g, '$1')
    .replace(/\^\{?([0-9+-])\}?(?![0-9{])/g, (_, c: string) => SUPERSCRIPT[c]!)
    .replace(/\^\{([^{}]*)\}/g, '^$1')
    .replace(/_\{([^{}]*)\}|_([A-Za-z0-9])/g, (_, braced: string | undefined, one: string | undefined) => braced ?? one ?? '')
    .replace(/[{}]/g, '')
    .replace(/\uE000/g, '{')
    .replace(/\uE001/g, '}')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export const LATEX_RULES: readonly Rule[] = [
  {
    name: 'latex-citations',
    reason: '\\cite{key} and \\ref{label} print a number in the paper and nothing in an abstract',
    apply: (t) => t.replace(new RegExp(String.raw`\s?~?\\(?:cite[pt]?|citeauthor|ref|eqref|autoref|cref|label|footnote)\*?\s*(?:\[[^\]]*\])?` + ARG, 'g'), ''),
  },
  {
    name: 'numbered-citations',
    reason: 'a bracketed reference number ("[1]", "[2, 6]", "[3-5]") points into a bibliography the abstract does not print; where it is the object ("the insights of [39]") it reads "ref. 39", an author-year bracket "(2023)"',
    apply: (t) =>
      t
        .replace(/\[((?:19|20)\d\d[a-z]?)\]/g, '($1)')
        .replace(/\b(of|in|by|from|see|and|with|to|following)\s+\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]/g, (_, word: string, refs: string) => `${word} ${/[,–-]/.test(refs) ? 'refs.' : 'ref.'} ${refs}`)
        .replace(/\s?\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\](?=[\s.,;:)]|$)/g, ''),
  },
  {
    name: 'latex-inline-math',
    reason: 'math between dollars prints as symbols ("$\\alpha$" -> "α", "PM$_{2.5}$" -> "PM2.5", "$+33.5\\%$" -> "+33.5%")',
    // TeX's pairing: math neither opens nor closes on a space, so "$ and $" between two formulas is
    // no formula, and one unpaired dollar does not shift every pair after it.
    apply: (t) => t.replace(/(?<!\\)\$(?=\S)([^$]{1,300}?)(?<=[^\s\\])\$|\\\((.{1,300}?)\\\)/gs, (_, dollars: string | undefined, parens: string | undefined) => mathText(dollars ?? parens ?? '')),
  },
  {
    name: 'latex-text-commands',
    reason: 'font commands print their argument (\\textbf{X}, \\emph{X}, \\textsc{X} -> X)',
    apply: (t) =>
      t
        .replace(new RegExp(String.raw`\\href\s*\{[^{}]*\}\s*` + ARG, 'g'), '$1')
        .replace(new RegExp(String.raw`\\(?:text(?:bf|it|sc|tt|rm|sf|up|sl|normal)?|emph|underline|mbox|url|mathrm|mathbf|mathbb|mathcal)\s*` + ARG, 'g'), '$1'),
  },
  {
    name: 'latex-escaped-specials',
    reason: 'LaTeX escapes its special characters ("50\\%", "R\\&D", "\\_"): the reader sees the character',
    apply: (t) => t.replace(/\\([%&#_$])/g, '$1'),
  },
  {
    name: 'latex-tie',
    reason: 'a tilde is an unbreakable space ("30.1~L/s", "SmolLM3~(3B)"); a doubled space is no part of the text',
    apply: (t) => t.replace(/(?<=\S)\s?~\s?(?=\S)/g, ' '),
  },
  {
    name: 'latex-symbol-commands',
    reason: 'a symbol command outside math prints its symbol (\\times, \\alpha, \\ldots)',
    apply: (t) => t.replace(/\\([A-Za-z]+)\b/g, (whole, name: string) => (SYMBOLS[name] !== undefined ? SYMBOLS[name] : whole)),
  },
  {
    name: 'latex-author-macros',
    reason: 'a macro the authors defined in their paper (\\method, \\benchmarkname) is undefined in the abstract: its name is the nearest to what it prints',
    apply: (t) => t.replace(/\\([A-Za-z]{2,})\b/g, '$1'),
  },
  {
    name: 'latex-grouping-braces',
    reason: 'braces group in LaTeX ("we propose {GeoRoPE}") and print nothing',
    apply: (t) => t.replace(/(?<=^|[\s(])\{([^{}\n]{0,80})\}/g, '$1'),
  },
  {
    name: 'latex-unmatched-braces',
    reason: 'a brace without its partner is what is left of a group cut when the abstract was taken from the paper ("these models. } We develop"): it prints nothing',
    apply: withoutUnmatchedBraces,
  },
];

/** The text without the braces that have no partner (a "}" before any "{", a "{" never closed), with a space they stood in. */
function withoutUnmatchedBraces(text: string): string {
  const open: number[] = [];
  const lone = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') open.push(i);
    else if (text[i] === '}' && open.pop() === undefined) lone.add(i);
  }
  for (const i of open) lone.add(i);
  if (lone.size === 0) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (!lone.has(i)) out += text[i];
    else if (out.endsWith(' ') && text[i + 1] === ' ') i++;
  }
  return out;
}
