import { fullTextTerms, isSingleCjkCharacter } from './full-text-terms';

describe(fullTextTerms, () => {
  it('should stem English words with Porter2, so other forms of a word meet', () => {
    expect(fullTextTerms('phoned')).toEqual(fullTextTerms('phone'));
    expect(fullTextTerms('collecting parcels')).toEqual(['collect', 'parcel']);
    expect(fullTextTerms('reimbursed')).toEqual(fullTextTerms('reimbursement'));
  });

  it('should keep the identifier splitting and stop words of toolSearchTerms', () => {
    expect(fullTextTerms('get_order_status of the Orders')).toEqual(['get', 'order', 'status', 'order']);
  });

  it('should add each CJK character after the pairs, except function characters', () => {
    expect(fullTextTerms('跑了多少')).toEqual(['跑了', '了多', '多少', '跑', '多', '少']);
    expect(fullTextTerms('我的订单')).toEqual(['我的', '的订', '订单', '订', '单']);
  });

  it('should give the same terms through a memo, and reuse the memo’s chunks', () => {
    const text = 'Cancel the order A123 (取消订单), then cancel_order again: 取消订单!';
    const memo = new Map<string, readonly string[]>();
    expect([...fullTextTerms(text, memo)].sort()).toEqual([...fullTextTerms(text)].sort());
    expect(memo.get('取消订单')).toEqual(['取消', '消订', '订单', '取', '消', '订', '单']);
  });

  it('should leave numbers as they are', () => {
    expect(fullTextTerms('order A123')).toEqual(['order', '123']);
  });
});

describe(isSingleCjkCharacter, () => {
  it.each([
    ['跑', true],
    ['跑步', false],
    ['a', false],
    ['す', true],
  ])('%p → %p', (term, expected) => {
    expect(isSingleCjkCharacter(term)).toBe(expected);
  });
});
