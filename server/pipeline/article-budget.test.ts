import { describe, expect, it } from 'vitest';
import { BILLING_TEXT } from '../../contract/billing-text.js';
import { builtinRecord } from '../intelligence/engine.js';
import { BUDGET_FALLBACK } from '../intelligence/types.js';
import { discloseBudget } from './article.js';

const record = (fallback?: string) => ({ ...builtinRecord('article', 'compose', 'text', '{}', 1), ...(fallback ? { fallback_reason: fallback } : {}) });

describe('discloseBudget', () => {
  it("adds the budget's sentence to the Disclosure of an article a spent budget moved to the built-in engine", () => {
    const article = { disclosure: "Composed by Herald's built-in engine from 2 sources." };
    discloseBudget(article, [record(), record(BUDGET_FALLBACK.account)]);
    expect(article.disclosure).toBe(`Composed by Herald's built-in engine from 2 sources. ${BILLING_TEXT.budgetReachedDisclosure}`);
    discloseBudget(article, [record(BUDGET_FALLBACK.account)]);
    expect(article.disclosure.split(BILLING_TEXT.budgetReachedDisclosure)).toHaveLength(2);
  });

  it("names the member's own budget first, and leaves other articles alone", () => {
    const member = { disclosure: 'Written by a model.' };
    discloseBudget(member, [record(BUDGET_FALLBACK.account), record(BUDGET_FALLBACK.member)]);
    expect(member.disclosure).toBe(`Written by a model. ${BILLING_TEXT.memberBudgetReachedDisclosure}`);
    const plain = { disclosure: 'Written by a model.' };
    discloseBudget(plain, [record('no API key configured for openai')]);
    expect(plain.disclosure).toBe('Written by a model.');
  });
});
