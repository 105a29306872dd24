-- Neovim's own LSP client (0.7) drives `cuda-coalesce-lint --lsp`: open a
-- file, edit the buffer without saving, apply the quick fix. Writes what it
-- saw to $CCL_OUT, then quits. Run with:
--   nvim --headless -u NONE -i NONE -n -c 'luafile nvim_client.lua'
local out = assert(io.open(os.getenv('CCL_OUT'), 'w'))
local function say(s) out:write(s .. '\n'); out:flush() end

vim.cmd('edit ' .. os.getenv('CCL_FILE'))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = 'cuda-coalesce-lint',
  cmd = {os.getenv('CCL_LINT'), '--lsp', '--cuda-path=none'},
  root_dir = vim.fn.fnamemodify(os.getenv('CCL_FILE'), ':h'),
})
vim.lsp.buf_attach_client(buf, id)

local function wait_for(n, what)
  local ok = vim.wait(20000, function() return #vim.diagnostic.get(buf) == n end, 20)
  local d = vim.diagnostic.get(buf)
  say(what .. ': ' .. (ok and 'ok' or 'TIMEOUT') .. ', ' .. #d .. ' diagnostics')
  for _, x in ipairs(d) do
    say(string.format('  %d:%d-%d:%d %s', x.lnum, x.col, x.end_lnum, x.end_col, x.message))
  end
end

wait_for(1, 'open')
-- Edit without saving: pad the array in the buffer only.
local line = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
vim.api.nvim_buf_set_lines(buf, 1, 2, false, {(line:gsub('%[32%]%[32%]', '[32][33]'))})
wait_for(0, 'edited')
vim.api.nvim_buf_set_lines(buf, 1, 2, false, {line})
wait_for(1, 'reverted')

-- The quick fix, as a workspace edit applied by Neovim.
local params = {
  textDocument = {uri = vim.uri_from_bufnr(buf)},
  range = {start = {line = 0, character = 0}, ['end'] = {line = 20, character = 0}},
  context = {diagnostics = {}},
}
local results = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
for _, r in pairs(results or {}) do
  for _, action in ipairs(r.result or {}) do
    say('action: ' .. action.title)
    vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  end
end
say('line 2: ' .. vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1])
wait_for(0, 'fixed')
say('modified: ' .. tostring(vim.bo[buf].modified))
out:close()
vim.lsp.stop_client(id)
vim.cmd('qa!')
