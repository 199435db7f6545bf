-- wrk's request mix for `npm run bench:cluster`: the main list endpoints, and one upload of a
-- small CSV (a new document each time, so the upload path and a job run) in every 20 requests.
-- The session cookie comes from the COOKIE environment variable.
local cookie = os.getenv("COOKIE")
local paths = {
  "/api/documents",
  "/api/training-events",
  "/api/dashboard/stats",
  "/api/checklist",
}
local boundary = "----centerline-bench"
local counter = 0

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

request = function()
  counter = counter + 1
  if counter % 20 == 0 then
    local csv = "student_name,course,event_date\nBench Trainee " .. math.random(1, 1e9) ..
      ",CE-525 Initial Type Rating,2026-01-15\n"
    local body = "--" .. boundary .. "\r\n" ..
      'Content-Disposition: form-data; name="file"; filename="bench-' .. math.random(1, 1e9) .. '.csv"\r\n' ..
      "Content-Type: text/csv\r\n\r\n" .. csv .. "\r\n--" .. boundary .. "--\r\n"
    return wrk.format("POST", "/api/documents/upload", {
      ["Cookie"] = cookie,
      ["Content-Type"] = "multipart/form-data; boundary=" .. boundary,
    }, body)
  end
  return wrk.format("GET", paths[(counter % #paths) + 1], { ["Cookie"] = cookie })
end
