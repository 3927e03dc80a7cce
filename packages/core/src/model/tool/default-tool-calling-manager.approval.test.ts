import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { Prompt } from '../../chat/prompt/prompt';
import { UserMessage } from '../../chat/messages/user-message';
import { fakeTool, toolCall, toolCallResponse } from './__fixtures__/fake-tool-callback';
import { ToolApprovalRules } from './approval/tool-approval-rules';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import { prepareToolCalls } from './prepare-tool-calls';
import type { ToolCallOutcome } from './tool-call-outcome';

function prompt(...toolCallbacks: ReturnType<typeof fakeTool>[]): Prompt {
  return new Prompt([new UserMessage('cancel A123 and tell me the time')], { toolCallbacks });
}

describe(DefaultToolCallingManager, () => {
  describe('.executeToolCalls', () => {
    describe('when a round has one call needing approval and one not', () => {
      it('should run the other, list the pending call, and answer only the call that ran', async () => {
        const cancel = fakeTool('cancelOrder', { metadata: { approval: 'required' } });
        const time = fakeTool('getTime');
        const manager = DefaultToolCallingManager.builder().build();
        const result = await manager.executeToolCalls(
          prompt(cancel, time),
          toolCallResponse(toolCall('c1', 'cancelOrder', '{"orderId":"A123"}'), toolCall('c2', 'getTime')),
        );
        expect(cancel.calls).toHaveLength(0);
        expect(time.calls).toHaveLength(1);
        expect(result.pendingApproval).toEqual([
          {
            id: 'c1',
            toolName: 'cancelOrder',
            arguments: '{"orderId":"A123"}',
            reason: "cancelOrder is marked approval: 'required'",
          },
        ]);
        expect(result.returnDirect).toBe(false);
        const last = result.conversationHistory.at(-1) as ToolResponseMessage;
        expect(last.responses.map((r) => r.id)).toEqual(['c2']);
      });
    });

    describe('when the round is run again with decisions', () => {
      it('should run approved calls, answer declined ones, and reuse answered ones, each once in call order', async () => {
        const cancel = fakeTool('cancelOrder', { metadata: { approval: 'required' } });
        const refund = fakeTool('refund', { metadata: { approval: 'required' } });
        const time = fakeTool('getTime');
        const manager = DefaultToolCallingManager.builder().build();
        const ended: ToolCallOutcome[] = [];
        const result = await manager.executeToolCalls(
          prompt(cancel, refund, time),
          toolCallResponse(toolCall('c1', 'cancelOrder'), toolCall('c2', 'getTime'), toolCall('c3', 'refund')),
          {
            decisions: {
              approved: new Set(['c1']),
              rejected: new Map([['c3', 'too much']]),
              answered: [{ id: 'c2', name: 'getTime', responseData: '"12:00"' }],
            },
            observer: { onToolCallEnd: (outcome) => ended.push(outcome) },
          },
        );
        expect(result.pendingApproval).toBeUndefined();
        expect(cancel.calls).toHaveLength(1);
        expect(time.calls).toHaveLength(0);
        expect(refund.calls).toHaveLength(0);
        const last = result.conversationHistory.at(-1) as ToolResponseMessage;
        expect(last.responses).toEqual([
          { id: 'c1', name: 'cancelOrder', responseData: 'cancelOrder ok' },
          { id: 'c2', name: 'getTime', responseData: '"12:00"' },
          {
            id: 'c3',
            name: 'refund',
            responseData: "The user declined to run tool 'refund'; it was not run. Reason: too much",
            isError: true,
          },
        ]);
        expect(ended.map((o) => [o.call.id, o.status])).toEqual([
          ['c3', 'rejected'],
          ['c1', 'success'],
        ]);
      });
    });

    describe('when a call needing approval has invalid arguments', () => {
      it('should not ask: the call fails and the model reads why', async () => {
        const manager = DefaultToolCallingManager.builder().build();
        const cancel = fakeTool('cancelOrder', { metadata: { approval: 'required' } });
        const result = await manager.executeToolCalls(
          prompt(cancel),
          toolCallResponse(toolCall('c1', 'cancelOrder', '{"orderId": ')),
        );
        expect(result.pendingApproval).toBeUndefined();
      });
    });

    describe('when required-tools patterns are configured', () => {
      it('should pause calls of matching tools', async () => {
        const manager = DefaultToolCallingManager.builder()
          .toolApprovalRules(new ToolApprovalRules({ requiredTools: ['cancel*'] }))
          .build();
        const result = await manager.executeToolCalls(
          prompt(fakeTool('cancelOrder')),
          toolCallResponse(toolCall('c1', 'cancelOrder')),
        );
        expect(result.pendingApproval?.map((p) => p.id)).toEqual(['c1']);
        expect(result.conversationHistory.at(-1)?.messageType).toBe('assistant');
      });
    });
  });

  describe('.approvalRequired', () => {
    it('should give the loop’s check to callers that run tools themselves', () => {
      const cancel = fakeTool('cancelOrder', { metadata: { approval: 'required' } });
      const manager = DefaultToolCallingManager.builder().build();
      const { calls } = prepareToolCalls(toolCallResponse(toolCall('c1', 'cancelOrder')).result!.output, () => cancel);
      expect(manager.approvalRequired(calls[0])).toEqual({ reason: "cancelOrder is marked approval: 'required'" });
    });
  });
});
