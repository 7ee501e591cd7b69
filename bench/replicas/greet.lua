-- wrk: a 2026-07-28 tools/call of the conformance example's `greet`, each with its own id
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers["accept"] = "application/json, text/event-stream"
wrk.headers["mcp-protocol-version"] = "2026-07-28"
wrk.headers["mcp-method"] = "tools/call"
wrk.headers["mcp-name"] = "greet"
local id = 0
request = function()
    id = id + 1
    local body = '{"jsonrpc":"2.0","id":' .. id .. ',"method":"tools/call","params":{"name":"greet","arguments":{"name":"n' .. id .. '"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"wrk","version":"0"}}}}'
    return wrk.format(nil, "/mcp", nil, body)
end
response = function(status, headers, body)
    if status ~= 200 then
        error("HTTP " .. status)
    end
end
