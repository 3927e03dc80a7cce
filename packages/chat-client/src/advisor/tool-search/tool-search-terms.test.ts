import { toolSearchTerms } from './tool-search-terms';

describe(toolSearchTerms, () => {
  it.each([
    ['getOrderStatus', ['get', 'order', 'status']],
    ['get_order_status', ['get', 'order', 'status']],
    ['cancel-order', ['cancel', 'order']],
    ['HTTPRequestTimeout', ['http', 'request', 'timeout']],
    ['order2Label', ['order', 'label']],
  ])('should split the identifier %s at its word boundaries', (text, terms) => {
    expect(toolSearchTerms(text)).toEqual(terms);
  });

  it('should drop English stop words and one-letter words, and fold plurals', () => {
    expect(toolSearchTerms('Cancel all of the orders in a category; x')).toEqual(['cancel', 'order', 'category']);
    expect(toolSearchTerms('categories addresses status')).toEqual(['category', 'addresse', 'status']);
  });

  it('should turn Chinese text into overlapping character pairs, apart from Latin words around it', () => {
    expect(toolSearchTerms('取消订单')).toEqual(['取消', '消订', '订单']);
    expect(toolSearchTerms('查询A123的发票')).toEqual(['查询', '123', '的发', '发票']);
  });

  it('should keep a lone CJK character as a term', () => {
    expect(toolSearchTerms('退 款')).toEqual(['退', '款']);
  });

  it('should give no terms for punctuation or stop words only', () => {
    expect(toolSearchTerms('  ?! the a  ')).toEqual([]);
  });
});
