-- wrk script: GET /api/v1/vehicle with five data groups, rotating over the identifiers listed in
-- the file given after "--", one per line as its query parameter: config_key=<key> or vin=<VIN>.
-- Each thread starts at its own place in the list, so
-- the threads do not ask for the same vehicle at the same time.
-- With "-- <file> once <threads> <directory>", the threads split the list and each stops after its
-- share, leaving a file done-<thread> in the directory: together they ask for every configuration
-- exactly once (wrk itself runs on until its duration ends or it is stopped).
-- BENCH_ACCEPT_ENCODING, when set, is sent as Accept-Encoding (gzip: the answers come compressed).
local send_api_key = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "api_key.lua")
local keys = {}
local next_key = 0
local threads = 0
local include = "fluids,specs,tires,maintenance_schedule,parts"
local share = nil
local answered = 0
local done_file = nil

function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

function init(args)
  local file = args[1]
  if file == nil then
    error("usage: wrk ... -s vehicle.lua <url> -- <file of config_key=... or vin=... lines>")
  end
  for line in io.lines(file) do
    if line ~= "" then
      keys[#keys + 1] = line
    end
  end
  if #keys == 0 then
    error("no identifiers in " .. file)
  end
  if args[2] == "once" then
    local count = tonumber(args[3])
    local first = math.floor(((thread_number or 1) - 1) * #keys / count)
    local last = math.floor((thread_number or 1) * #keys / count)
    next_key = first
    share = last - first
    done_file = args[4] .. "/done-" .. (thread_number or 1)
  else
    next_key = ((thread_number or 1) - 1) * math.floor(#keys / 7) % #keys
  end
  send_api_key()
  local accept_encoding = os.getenv("BENCH_ACCEPT_ENCODING")
  if accept_encoding ~= nil and accept_encoding ~= "" then
    wrk.headers["Accept-Encoding"] = accept_encoding
  end
end

function response(status, headers, body)
  if share ~= nil then
    answered = answered + 1
    if answered == share then
      io.open(done_file, "w"):close()
      wrk.thread:stop()
    end
  end
end

function request()
  next_key = next_key % #keys + 1
  return wrk.format("GET", "/api/v1/vehicle?" .. keys[next_key] .. "&include=" .. include)
end
