import fc from 'fast-check';
import { loadCase } from '../__fixtures__/cases';
import {
  assignMcpToolNames,
  type McpToolNameRequest,
  PROVIDER_SAFE_TOOL_NAME,
  toProviderSafeToolName,
} from './mcp-tool-names';

/** The names of `requests`, keyed by connection and original name (so order does not matter). */
function namesByTool(requests: readonly McpToolNameRequest[], names: readonly string[]): Map<string, string> {
  return new Map(requests.map((request, i) => [JSON.stringify([request.connectionName, request.toolName]), names[i]]));
}

/** Checks every rule a set of final names must follow; returns the names. */
function expectValidNames(requests: readonly McpToolNameRequest[]): string[] {
  const names = assignMcpToolNames(requests);
  expect(names).toHaveLength(requests.length);
  for (const name of names) expect(name).toMatch(PROVIDER_SAFE_TOOL_NAME);
  expect(new Set(names).size).toBe(names.length);
  const reverse = new Map(names.map((name, i) => [name, requests[i]]));
  requests.forEach((request, i) => expect(reverse.get(names[i])).toBe(request));
  return names;
}

describe(toProviderSafeToolName, () => {
  describe('when the name is already safe', () => {
    it('should keep it unchanged', () => {
      expect(toProviderSafeToolName('get-sum')).toBe('get-sum');
      expect(toProviderSafeToolName('getOrderStatus_2')).toBe('getOrderStatus_2');
    });
  });

  describe('when the name has characters outside [a-zA-Z0-9_-]', () => {
    it('should replace each run of them with one underscore', () => {
      expect(toProviderSafeToolName('calendar.respondToEvent')).toBe('calendar_respondToEvent');
      expect(toProviderSafeToolName('files/read file')).toBe('files_read_file');
      expect(toProviderSafeToolName('.leading.and.trailing.')).toBe('leading_and_trailing');
    });
  });

  describe('when the name is not ASCII', () => {
    it('should give a stable safe name that differs between different names', () => {
      const get = toProviderSafeToolName('时间获取');
      const set = toProviderSafeToolName('时间设置');
      expect(get).toMatch(PROVIDER_SAFE_TOOL_NAME);
      expect(set).toMatch(PROVIDER_SAFE_TOOL_NAME);
      expect(get).not.toBe(set);
      expect(toProviderSafeToolName('时间获取')).toBe(get);
      expect(get).toMatch(/^tool_[0-9a-f]{8}$/);
    });

    it('should keep the readable ASCII part and add a hash', () => {
      expect(toProviderSafeToolName('wetter_über_stadt')).toMatch(/^wetter_ber_stadt_[0-9a-f]{8}$/);
    });
  });

  describe('when the name is longer than 64 characters', () => {
    it('should shorten it to 64 characters ending with a short hash', () => {
      const name = `a${'b'.repeat(99)}`;
      const safe = toProviderSafeToolName(name);
      expect(safe).toHaveLength(64);
      expect(safe).toMatch(/^ab+_[0-9a-f]{8}$/);
    });
  });
});

describe(assignMcpToolNames, () => {
  it('should follow 02-unsafe-tool-names: safe, distinct, stable names', () => {
    const { tools_list: tools = [] } = loadCase('02-unsafe-tool-names');
    const requests = tools.map((tool) => ({ connectionName: 'github', toolName: tool.name }));

    const names = assignMcpToolNames(requests);

    for (const name of names) expect(name).toMatch(PROVIDER_SAFE_TOOL_NAME);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe('calendar_respondToEvent');
    expect(names[1]).toMatch(/^gateway_rest_api_get_repos_owner_repo_environments_envi_[0-9a-f]{8}$/);
    expect(names[2]).toMatch(/^gateway_rest_api_delete_repos_owner_repo_environments_e_[0-9a-f]{8}$/);
    expect(assignMcpToolNames(requests)).toEqual(names);
    expect(assignMcpToolNames([...requests].reverse())).toEqual([...names].reverse());
  });

  it('should keep two long names apart when they differ only after the 55th character', () => {
    const prefix = 'x'.repeat(70);
    const names = assignMcpToolNames([
      { connectionName: 's', toolName: `${prefix}_get` },
      { connectionName: 's', toolName: `${prefix}_delete` },
    ]);
    expect(names[0]).not.toBe(names[1]);
    for (const name of names) expect(name).toMatch(PROVIDER_SAFE_TOOL_NAME);
  });

  describe('when two connections list a tool with the same name', () => {
    it('should prefix every such tool with its connection name and leave the others alone', () => {
      const names = assignMcpToolNames([
        { connectionName: 'github', toolName: 'search' },
        { connectionName: 'jira', toolName: 'search' },
        { connectionName: 'jira', toolName: 'create-issue' },
      ]);
      expect(names).toEqual(['github_search', 'jira_search', 'create-issue']);
    });

    it('should make unsafe connection names safe in the prefix', () => {
      const names = assignMcpToolNames([
        { connectionName: 'my server', toolName: 'echo' },
        { connectionName: 'other.server', toolName: 'echo' },
      ]);
      expect(names).toEqual(['my_server_echo', 'other_server_echo']);
    });
  });

  describe('when two tools of one server become the same safe name', () => {
    it('should add a hash so both stay callable', () => {
      const names = assignMcpToolNames([
        { connectionName: 's', toolName: 'a.b' },
        { connectionName: 's', toolName: 'a_b' },
      ]);
      expect(names[0]).not.toBe(names[1]);
      for (const name of names) expect(name).toMatch(/^a_b_[0-9a-f]{8}$/);
    });
  });

  describe('when a generated name equals another name (tester case)', () => {
    const requests = [
      { connectionName: 's', toolName: 'a.b' },
      { connectionName: 's', toolName: 'a_b' },
      { connectionName: 's', toolName: 'a_b_d53e299c' },
    ];

    it('should give the literal name to the tool listed under it and another free name to the others', () => {
      const names = expectValidNames(requests);
      expect(names[2]).toBe('a_b_d53e299c');
      expect(names[0]).toMatch(/^a_b_[0-9a-f]{8}$/);
      expect(names[1]).toMatch(/^a_b_[0-9a-f]{8}$/);
    });

    it('should give the same names whatever the order', () => {
      const names = namesByTool(requests, assignMcpToolNames(requests));
      for (const order of [
        [2, 1, 0],
        [1, 2, 0],
        [0, 2, 1],
      ]) {
        const reordered = order.map((i) => requests[i]);
        expect(namesByTool(reordered, assignMcpToolNames(reordered))).toEqual(names);
      }
    });

    it('should keep names unique when the hostile names come from another connection', () => {
      const first = assignMcpToolNames([
        { connectionName: 'good', toolName: 'x.y' },
        { connectionName: 'good', toolName: 'x_y' },
      ]);
      const hostile = [
        { connectionName: 'good', toolName: 'x.y' },
        { connectionName: 'good', toolName: 'x_y' },
        ...first.map((name) => ({ connectionName: 'evil', toolName: name })),
        { connectionName: 'evil', toolName: 'good_x_y' },
      ];
      expectValidNames(hostile);
    });
  });

  describe('when a tool name is one of the prefixed names of other connections', () => {
    it('should still give every tool its own name', () => {
      const names = expectValidNames([
        { connectionName: 'github', toolName: 'search' },
        { connectionName: 'jira', toolName: 'search' },
        { connectionName: 'jira', toolName: 'github_search' },
      ]);
      expect(names).toEqual([
        expect.stringMatching(/^github_search_[0-9a-f]{8}$/),
        'jira_search',
        expect.stringMatching(/^github_search_[0-9a-f]{8}$/),
      ]);
    });
  });

  describe('when two connections have names that become the same prefix', () => {
    it('should still give every tool its own name', () => {
      expectValidNames([
        { connectionName: 'a.b', toolName: 'echo' },
        { connectionName: 'a_b', toolName: 'echo' },
        { connectionName: 'a b', toolName: 'echo' },
      ]);
    });
  });

  describe('when one server lists the same tool twice', () => {
    it('should still give both entries different names', () => {
      expectValidNames([
        { connectionName: 's', toolName: 'echo' },
        { connectionName: 's', toolName: 'echo' },
      ]);
    });
  });

  describe('for any set of tools over one to three connections (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('a', 'b', 'A', '0', '_', '-', '.', ' ', '/', '__', 'get', 'search', '时间', 'ü', '😀', 'é'),
      fc.constantFrom('x'.repeat(60), 'y'.repeat(70), 'tool', 'tool_'),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    const toolName = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    const connectionName = fc.oneof(fc.constantFrom('s', 'github', 'a.b', 'a_b', 'my server', '服务'), fc.string());
    const connections = fc.uniqueArray(connectionName, { minLength: 1, maxLength: 3 });
    /** Tools of each connection (unique per connection, as MCP requires), with seeds for shuffling. */
    const toolSet = connections.chain((names) =>
      fc.tuple(
        fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), fc.uniqueArray(toolName, { maxLength: 8 })))),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
      ),
    );

    function shuffled<T>(items: readonly T[], seeds: readonly number[]): T[] {
      return items
        .map((item, i) => ({ item, key: seeds[i % seeds.length] * 64 + i }))
        .sort((x, y) => x.key - y.key)
        .map(({ item }) => item);
    }

    /** The tools plus, on each connection, tools literally named like the names given to the others. */
    function withHostileCopies(requests: McpToolNameRequest[]): McpToolNameRequest[] {
      const connectionNames = [...new Set(requests.map((request) => request.connectionName))];
      const present = new Set(requests.map((request) => JSON.stringify([request.connectionName, request.toolName])));
      const hostile = [...requests];
      const copies = [...assignMcpToolNames(requests), ...requests.map((r) => toProviderSafeToolName(r.toolName))];
      copies.forEach((name, i) => {
        const copy = { connectionName: connectionNames[i % connectionNames.length], toolName: name };
        const key = JSON.stringify([copy.connectionName, copy.toolName]);
        if (!present.has(key)) hostile.push(copy);
        present.add(key);
      });
      return hostile;
    }

    it('should give unique, safe names that do not depend on the order and map back to the originals', () => {
      fc.assert(
        fc.property(toolSet, ([perConnection, seeds]) => {
          const requests = perConnection.flatMap(([connection, tools]) =>
            tools.map((tool) => ({ connectionName: connection, toolName: tool })),
          );
          for (const set of [requests, withHostileCopies(requests), withHostileCopies(withHostileCopies(requests))]) {
            const names = expectValidNames(set);
            const reordered = shuffled(set, seeds);
            expect(namesByTool(reordered, expectValidNames(reordered))).toEqual(namesByTool(set, names));
          }
        }),
        { seed: 20260601, numRuns: 150 },
      );
    });
  });
});
