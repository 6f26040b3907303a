# A client process for test/http/hostile/refused-upload-clients.test.ts: uploads as a new user
# would, with Python's standard library, and prints what it got as one JSON line.
#
#   python3 python-client.py   < {"url", "authorization", "sizes": [bytes, ...]}
#
# For each size: the upload with urllib (a fresh connection per request), then on one
# http.client connection GET /healthz and the same upload (a reused keep-alive connection);
# at the end one more GET /healthz. http.client sends the whole body before it reads an answer.
import http.client
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

plan = json.load(sys.stdin)
url = urllib.parse.urlsplit(plan["url"])
boundary = "klartextclient0123456789"


def multipart_body(size):
    data = bytearray(b"A" * size)
    data[0:9] = b"%PDF-1.4\n"
    return (
        f'--{boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nlohnabrechnung\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n'
    ).encode() + bytes(data) + f"\r\n--{boundary}--\r\n".encode()


headers = {"Authorization": plan["authorization"], "Content-Type": f"multipart/form-data; boundary={boundary}"}


def outcome(status, body, response_headers):
    try:
        code = json.loads(body)["error"]["code"]
    except Exception:
        code = None
    return {"status": status, "code": code, "retryAfter": response_headers.get("Retry-After"), "connectionHeader": response_headers.get("Connection")}


def error(err):
    reason = getattr(err, "reason", err)
    return {"error": type(reason).__name__ + ": " + str(reason)}


def fresh(body):
    req = urllib.request.Request(plan["url"] + "/api/v1/analyze", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            return outcome(res.status, res.read(), res.headers)
    except urllib.error.HTTPError as err:
        return outcome(err.code, err.read(), err.headers)
    except Exception as err:
        return error(err)


conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)


def on_conn(method, path, body=None):
    try:
        conn.request(method, path, body=body, headers=headers if body is not None else {})
        res = conn.getresponse()
        return outcome(res.status, res.read(), res.headers)
    except Exception as err:
        conn.close()
        return error(err)


outcomes = []
for size in plan["sizes"]:
    body = multipart_body(size)
    outcomes.append({"size": size, "connection": "fresh", **fresh(body)})
    outcomes.append({"size": size, "connection": "health", **on_conn("GET", "/healthz")})
    outcomes.append({"size": size, "connection": "keep-alive", **on_conn("POST", "/api/v1/analyze", body)})
outcomes.append({"size": 0, "connection": "health", **on_conn("GET", "/healthz")})
print(json.dumps(outcomes))
