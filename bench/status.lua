-- wrk script: GET /api/v1/status, the query side's trivial static JSON. It builds each request in
-- Lua like vehicle.lua does, so both runs pay the same client-side cost.
function init(args)
  local api_key = os.getenv("BENCH_API_KEY")
  if api_key ~= nil and api_key ~= "" then
    wrk.headers["x-api-key"] = api_key
  end
end

function request()
  return wrk.format("GET", "/api/v1/status")
end
