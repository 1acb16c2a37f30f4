-- wrk script: POST the JSON body in the file $BENCH_BODY to the URL's path, and print the
-- results as one JSON line (the runner parses it).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("BENCH_BODY"), "rb"))
wrk.body = f:read("*a")
f:close()

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p99_us":%d,' ..
    '"mean_us":%f,"max_us":%d,"status_errors":%d,"socket_errors":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), latency.mean, latency.max,
    e.status, e.connect + e.read + e.write + e.timeout))
end
