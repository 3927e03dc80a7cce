import { loadCase } from '../__fixtures__/cases';
import { assignMcpToolNames, PROVIDER_SAFE_TOOL_NAME, toProviderSafeToolName } from './mcp-tool-names';

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
});
