import { ConfigurationError } from '../../../error/configuration-error';
import type { ToolMetadata } from '../../../tool/metadata/tool-metadata';
import type { ToolApprovalRequest } from './tool-approval-policy';
import { ToolApprovalRules } from './tool-approval-rules';

function request(toolName: string, metadata: Partial<ToolMetadata> = {}, args = {}): ToolApprovalRequest {
  return {
    toolName,
    arguments: args,
    toolDefinition: { name: toolName, description: toolName, inputSchema: '{"type":"object"}' },
    toolMetadata: { returnDirect: false, ...metadata },
  };
}

describe(ToolApprovalRules, () => {
  describe('.check', () => {
    it("should require approval for a tool whose metadata says approval: 'required'", () => {
      expect(new ToolApprovalRules().check(request('cancelOrder', { approval: 'required' }))).toEqual({
        reason: "cancelOrder is marked approval: 'required'",
      });
    });

    it('should require approval for names matching a required-tools glob, and not for others', () => {
      const rules = new ToolApprovalRules({ requiredTools: ['cancel*', 'refund?'] });
      expect(rules.check(request('cancelOrder'))?.reason).toBe(
        "cancelOrder matches sprout.tools.approval.required-tools 'cancel*'",
      );
      expect(rules.check(request('refund1'))?.reason).toContain("'refund?'");
      expect(rules.check(request('refund12'))).toBeUndefined();
      expect(rules.check(request('getOrderStatus'))).toBeUndefined();
      expect(rules.check(request('xcancelOrder'))).toBeUndefined();
    });

    it('should treat regex characters in a glob literally', () => {
      const rules = new ToolApprovalRules({ requiredTools: ['a.b'] });
      expect(rules.check(request('a.b'))).toBeDefined();
      expect(rules.check(request('axb'))).toBeUndefined();
    });

    it('should require approval for destructive MCP tools by default, and not with mcpDestructive none', () => {
      const destructive = request('delete_file', { annotations: { destructiveHint: true } });
      expect(new ToolApprovalRules().check(destructive)?.reason).toBe(
        'delete_file is annotated destructiveHint: true by its server',
      );
      expect(new ToolApprovalRules({ mcpDestructive: 'none' }).check(destructive)).toBeUndefined();
      expect(
        new ToolApprovalRules().check(request('read', { annotations: { destructiveHint: false } })),
      ).toBeUndefined();
    });

    it('should ask the policy, with the arguments, for calls no rule caught', () => {
      const rules = new ToolApprovalRules({
        policy: (call) =>
          call.toolName === 'refund' && Number(call.arguments.amount) > 100 ? { reason: 'refund over 100' } : undefined,
      });
      expect(rules.check(request('refund', {}, { amount: 150 }))).toEqual({ reason: 'refund over 100' });
      expect(rules.check(request('refund', {}, { amount: 50 }))).toBeUndefined();
    });
  });

  describe('when configured wrongly', () => {
    it('should name the setting for a blank pattern or an unknown mcp-destructive value', () => {
      expect(() => new ToolApprovalRules({ requiredTools: [' '] })).toThrow(ConfigurationError);
      expect(() => new ToolApprovalRules({ mcpDestructive: 'ask' as never })).toThrow(
        /sprout\.tools\.approval\.mcp-destructive got "ask"; expected 'required' or 'none'/,
      );
    });
  });
});
