import { ConfigurationError } from '@sprout-ai/core';
import { errorOf } from '@sprout-ai/test';
import { ToolCallIdRule } from './tool-call-id-rule';

const MISTRAL = '^[a-zA-Z0-9]{9}$';
const FOREIGN_IDS = ['call_3f2b9c0d4e5f6a7b8c9d0e1f2a3b4c5d', 'toolu_01A09q90qw90lq917835lq9', 'call_0', '', '  '];

describe(ToolCallIdRule, () => {
  describe('.wireId', () => {
    describe("with Mistral's rule", () => {
      const rule = ToolCallIdRule.parse(MISTRAL);

      it('should send an id the rule accepts as it is', () => {
        expect(rule.wireId('D681PevKs')).toBe('D681PevKs');
      });

      it('should map any other id to 9 letters and digits, the same every time, and different ids apart', () => {
        const wire = FOREIGN_IDS.map((id) => rule.wireId(id));

        for (const id of wire) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
        expect(FOREIGN_IDS.map((id) => ToolCallIdRule.parse(MISTRAL).wireId(id))).toEqual(wire);
        expect(new Set(wire).size).toBe(FOREIGN_IDS.length);
      });
    });

    it.each([
      ['^[a-zA-Z0-9_-]+$', /^[a-zA-Z0-9_-]{24}$/],
      ['^[a-z0-9]{4,64}$', /^[a-z0-9]{24}$/],
      ['^[A-F\\d]{40,}$', /^[A-F0-9]{40}$/],
      ['^[\\w]{1,8}$', /^\w{8}$/],
      ['^[ab]{3}$', /^[ab]{3}$/],
    ])('should make ids that %s accepts', (pattern, expected) => {
      const rule = ToolCallIdRule.parse(pattern);
      const id = rule.wireId('call_abc.123');

      expect(id).toMatch(expected);
      expect(new RegExp(pattern).test(id)).toBe(true);
    });
  });

  describe('.parse', () => {
    it.each([
      'call_[0-9]+',
      '^[a-z]+',
      '^[^a-z]{9}$',
      '^[a]{9}$',
      '^[a-z]{0}$',
      '^[a-z]{9,3}$',
      '^(a|b){9}$',
      '^[a-zb-a]{9}$',
    ])('should reject %s with a ConfigurationError naming the supported forms', (pattern) => {
      const error = errorOf(
        () => ToolCallIdRule.parse(pattern, 'sprout.openai.chat.tool-call-id-pattern'),
        ConfigurationError,
      );

      expect(error).toMatchObject({ setting: 'sprout.openai.chat.tool-call-id-pattern', value: pattern });
      expect(error.message).toContain('^[class]{n}$');
    });
  });
});
