import { errorOf } from '@sprout-ai/test';
import { MissingTemplateVariablesError } from './missing-template-variables-error';
import { PromptTemplate } from './prompt-template';

describe(PromptTemplate, () => {
  describe('.render', () => {
    it('should replace each {name} with its value, as text', () => {
      const template = new PromptTemplate(
        'Order {orderId} for {customer}: {count} items, gift {gift}, {orderId} again',
      );

      expect(template.render({ orderId: 'A123', customer: 'u7', count: 3, gift: false })).toBe(
        'Order A123 for u7: 3 items, gift false, A123 again',
      );
    });

    it('should read {a.b} paths, including getters, and write objects as JSON and dates as ISO 8601', () => {
      class Order {
        constructor(private readonly raw: string) {}
        get id(): string {
          return this.raw;
        }
      }
      const template = new PromptTemplate('{order.id} {customer.name} {items} {at}');

      expect(
        template.render({
          order: new Order('A123'),
          customer: { name: 'Li' },
          items: ['pen', 'ink'],
          at: new Date('2026-01-02T03:04:05.000Z'),
        }),
      ).toBe('A123 Li ["pen","ink"] 2026-01-02T03:04:05.000Z');
    });

    it('should leave braces that are not placeholders as written (JSON in a prompt)', () => {
      const template = new PromptTemplate('Answer as {"status": "..."} for {orderId}; {not a name}; {}');

      expect(template.render({ orderId: 'A1' })).toBe('Answer as {"status": "..."} for A1; {not a name}; {}');
    });

    it('should name every missing variable in one error, null and undefined counting as missing', () => {
      const template = new PromptTemplate('Where is {orderId} of {customer.name}? Ask {agent}, {orderId}');

      const error = errorOf(() => template.render({ agent: null, customer: {} }), MissingTemplateVariablesError);

      expect(error).toMatchObject({ missing: ['orderId', 'customer.name', 'agent'] });
      expect((error as Error).message).toBe(
        "The prompt template 'Where is {orderId} of {customer.name}? Ask {agent}, {orderId}' names variables " +
          "that were not given: orderId, customer.name, agent. Give each with .param('orderId', value) " +
          '(or .params({...})), or remove the placeholder.',
      );
    });

    it('should not take methods of a value for properties', () => {
      expect(() => new PromptTemplate('{order.constructor}').render({ order: {} })).toThrow('order.constructor');
    });
  });

  describe('.variableNames', () => {
    it('should list the names in order, once, paths by their first name', () => {
      expect(new PromptTemplate('{b} {a.x} {b} {a.y} {"c"}').variableNames()).toEqual(['b', 'a']);
    });
  });
});
