-- wrk script: GET /api/v1/status, the query side's trivial static JSON. It builds each request in
-- Lua like vehicle.lua does, so both runs pay the same client-side cost.
local send_api_key = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "api_key.lua")
function init(args)
  send_api_key()
end

function request()
  return wrk.format("GET", "/api/v1/status")
end
