-- wrk script: GET /api/v1/fluids for the config_key given after "--", sending BENCH_API_KEY as
-- x-api-key when it is set.
local send_api_key = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "api_key.lua")
local path

function init(args)
  if args[1] == nil then
    error("usage: wrk ... -s fluids.lua <url> -- <config_key>")
  end
  path = "/api/v1/fluids?config_key=" .. args[1]
  send_api_key()
end

function request()
  return wrk.format("GET", path)
end
