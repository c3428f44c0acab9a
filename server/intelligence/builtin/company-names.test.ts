import { describe, expect, it } from 'vitest';
import { companyNames, withoutCompanyNames, withoutLegalForm } from './company-names.js';

describe('company names: a run of capitalised words closed by a legal form', () => {
  it('finds the name before its legal form, in any of its spellings', () => {
    expect(companyNames('Bethlehem Steel Corp said it would delay dividends.')).toEqual(['Bethlehem Steel']);
    expect(companyNames('<SHARON Steel corp> extends offer')).toEqual(['SHARON Steel']);
    expect(companyNames('Schweizerische Aluminium AG and Alcan Aluminium Ltd said so.')).toEqual(['Schweizerische Aluminium', 'Alcan Aluminium']);
  });

  it('takes the name out wherever it stands, the title without its legal form too', () => {
    const text = 'Investor eyes Bethlehem Steel board seat\nAn investor in Bethlehem Steel Corp preferred stock seeks a seat.';
    expect(withoutCompanyNames(text)).not.toMatch(/steel/i);
    expect(withoutCompanyNames(text)).toMatch(/investor in\s+Corp preferred/);
  });

  it('reads a legal form in the possessive, and a longer name by its leading words as headlines shorten it', () => {
    expect(companyNames("S and P downgraded Bethlehem Steel Corp's debt.")).toEqual(['Bethlehem Steel']);
    const eurobond = 'Kawasaki Steel issues eurobond\nKawasaki Steel International Finance Plc is issuing a eurobond. Kawasaki Steel said so.';
    expect(withoutCompanyNames(eurobond)).not.toMatch(/steel/i);
    expect(companyNames(eurobond)).toEqual(['Kawasaki Steel International Finance']);
    // A short form is a name only where it is written as one: the subject in lower case stays.
    expect(withoutCompanyNames('Natural Gas Pipeline Co said natural gas prices rose.')).toMatch(/natural gas prices rose/);
  });

  it('leaves common words and short runs alone: no name without a legal form, none of one word cut from a longer one', () => {
    expect(withoutCompanyNames('Steel output fell. The Company said prices rose as demand eased.')).toBe('Steel output fell. The Company said prices rose as demand eased.');
    expect(companyNames('Canada Mortgage and Housing Corp said housing starts fell.')).toEqual([]);
  });

  it('reads a name without the abbreviated legal forms that close it, as a reader names the company', () => {
    expect(['Apple Inc', 'Apple Inc.', 'Apple, Inc.', 'Apple'].map(withoutLegalForm)).toEqual(['Apple', 'Apple', 'Apple', 'Apple']);
    expect(withoutLegalForm('Samsung Electronics Co Ltd')).toBe('Samsung Electronics');
    expect(withoutLegalForm('Goldman Sachs & Co')).toBe('Goldman Sachs');
    expect(withoutLegalForm('Fiat S.p.A.')).toBe('Fiat');
    // A form spelled out belongs to public bodies' names too; nothing is cut to less than a name.
    expect(withoutLegalForm('Federal Deposit Insurance Corporation')).toBe('Federal Deposit Insurance Corporation');
    expect(withoutLegalForm('X Corp')).toBe('X Corp');
    expect(withoutLegalForm('Inc')).toBe('Inc');
    expect(withoutLegalForm('Bank of America')).toBe('Bank of America');
  });
});
