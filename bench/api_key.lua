-- Loaded by the other wrk scripts: sends BENCH_API_KEY as x-api-key when it is set.
return function()
  local api_key = os.getenv("BENCH_API_KEY")
  if api_key ~= nil and api_key ~= "" then
    wrk.headers["x-api-key"] = api_key
  end
end
