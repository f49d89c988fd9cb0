#!/usr/bin/env bash
# SQL injection check of the API with sqlmap (`npm run security:sqlmap [-- --quick]`).
#
# Starts the built server (node $DIST_DIR/host/main.mjs, dist/ by default; run `npm run build`
# first) on a free port with a freshly seeded database in a temporary folder, signs in as the
# demo editor, and runs sqlmap against every query parameter of the public list/detail GET
# endpoints (and the editor's admin lists, with the editor's cookie) and, one run per field,
# against every JSON field of the main POST endpoints (sign-in, sign-up, forgot-password,
# ratings, comments, votes, news create), using sqlmap's custom injection marker (*) in the
# JSON body. It prints one summary line per target and exits 0 when sqlmap found nothing,
# 1 when it found an injection, 2 when a run was inconclusive (sqlmap failed or was cut short).
#
# Options:
#   --quick         level 1, risk 1 (a few minutes) instead of the full level 5, risk 3
#   --only REGEX    run only the targets whose name matches REGEX (e.g. --only 'login|register')
#   --keep          keep the temporary folder (server log, sqlmap logs) even when all is clean
#
# How the scan is kept meaningful with the site's rate limits on (no switch turns them off):
#   - the server runs with TRUST_PROXY=1 and every request sqlmap sends (the payloads and its
#     baseline requests) carries a random X-Forwarded-For, so the per-client limits never answer
#     429 for the scan. sqlmap has no option for a per-request header, so --eval sets it through
#     the request's header dict (`_locals['auxHeaders']`, checked with sqlmap 1.7.2);
#   - sign-in by email uses the editor's real password (the baseline signs in; an injected email
#     that matched a row would sign in too, which is the difference sqlmap looks for);
#   - fields whose per-account or per-user limits would otherwise fill up get a fresh value of
#     the other fields per request (a random email for sign-in by password and sign-up by
#     username, a random email and username for sign-up by password) or a random signed-in
#     user from a pool (ratings, comments, votes; the pool signs up before the scan);
#   - forgot-password injects into the email, which is also its per-account key (5 per 15
#     minutes): each payload is a new key, and sqlmap asks for the unchanged baseline only a few
#     times (no 429 was seen; the summary line would list it under HTTP errors);
#   - sqlmap's --dbms=SQLite keeps level 5 / risk 3 to the payloads that can matter here;
#   - --drop-set-cookie keeps sqlmap from adopting the session cookies the server hands out.
# sqlmap: Debian's package (`apt-get install -y sqlmap`), 1.7.2 at the time of writing.
set -euo pipefail

cd "$(dirname "$0")/../.."
ROOT=$PWD

LEVEL=5
RISK=3
MODE=full
ONLY=''
KEEP=0
while [[ $# -gt 0 ]]; do
	case "$1" in
	--quick) LEVEL=1 RISK=1 MODE=quick ;;
	--only) ONLY=${2:?--only needs a regular expression}; shift ;;
	--keep) KEEP=1 ;;
	-h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "Unknown option: $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done

DIST=${DIST_DIR:-dist}
if [[ ! -f $DIST/server/entry.mjs ]]; then
	echo "No build at $DIST/server/entry.mjs: run \`npm run build\` first (or set DIST_DIR)." >&2
	exit 2
fi
if ! command -v sqlmap >/dev/null; then
	echo 'sqlmap is not installed: apt-get install -y sqlmap' >&2
	exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rmh-sqlmap.XXXXXX")
SERVER_PID=''
SCAN_PID=''
STATUS=0

stop_all() {
	if [[ -n $SCAN_PID ]] && kill -0 "$SCAN_PID" 2>/dev/null; then
		kill "$SCAN_PID" 2>/dev/null || true
		wait "$SCAN_PID" 2>/dev/null || true
	fi
	if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
		kill "$SERVER_PID" 2>/dev/null || true
		wait "$SERVER_PID" 2>/dev/null || true
	fi
	SCAN_PID='' SERVER_PID=''
}
on_exit() {
	stop_all
	if [[ $KEEP == 1 || $STATUS != 0 ]]; then
		echo "Logs kept in $WORK (server.log, logs/<target>.log, sqlmap/<target>/)"
	else
		rm -rf "$WORK"
	fi
}
trap on_exit EXIT
trap 'echo "Interrupted." >&2; STATUS=2; exit 2' INT TERM

# ------------------------------------------------------------------ server with a seeded database
export DATABASE_PATH=$WORK/app.db
echo "Seeding $DATABASE_PATH ..."
"$ROOT/node_modules/.bin/tsx" scripts/seed.ts >"$WORK/seed.log" 2>&1 || {
	cat "$WORK/seed.log" >&2
	STATUS=2
	exit 2
}

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
ORIGIN="http://127.0.0.1:$PORT"
HOST=127.0.0.1 PORT=$PORT SITE_URL=$ORIGIN DIST_DIR=$DIST NODE_ENV=production TRUST_PROXY=1 \
	SITE_GENERATE_ON_START=0 SITE_DIR=$WORK/site OUTBOX_DIR=$WORK/outbox SMTP_URL='' \
	node "$DIST/host/main.mjs" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 150); do
	code=$(curl -s -o /dev/null -w '%{http_code}' "$ORIGIN/api/user" || true)
	[[ $code == 401 ]] && break
	kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; STATUS=2; exit 2; }
	sleep 0.2
done
[[ $code == 401 ]] || { echo "The server did not start:" >&2; cat "$WORK/server.log" >&2; STATUS=2; exit 2; }
echo "Server (pid $SERVER_PID) on $ORIGIN, mode $MODE (level $LEVEL, risk $RISK)"

random_ip() { echo "10.$((RANDOM % 256)).$((RANDOM % 256)).$((RANDOM % 254 + 1))"; }

# The session cookie from a sign-in or sign-up answer ("session=..."), or nothing.
session_from() {
	sed -n 's/^[Ss]et-[Cc]ookie: \(session=[a-z2-7]\{32\}\);.*/\1/p' "$1" | tail -1
}

curl -s -D "$WORK/login.headers" -o /dev/null -H 'content-type: application/json' \
	-H "Origin: $ORIGIN" -d '{"email":"editor@example.com","password":"editor123"}' "$ORIGIN/api/login"
EDITOR_COOKIE=$(session_from "$WORK/login.headers")
[[ -n $EDITOR_COOKIE ]] || { echo 'Could not sign in as the demo editor.' >&2; STATUS=2; exit 2; }

# A pool of signed-in users, so per-user limits (ratings 60/h, comments 20/h) stay clear.
POOL_SIZE=$([[ $MODE == quick ]] && echo 20 || echo 120)
: >"$WORK/pool-cookies"
for i in $(seq 1 "$POOL_SIZE"); do
	curl -s -D "$WORK/register.headers" -o /dev/null -H 'content-type: application/json' \
		-H "Origin: $ORIGIN" -H "X-Forwarded-For: $(random_ip)" \
		-d "{\"email\":\"pool$i@example.com\",\"username\":\"pool_$i\",\"password\":\"pool-password-$i\"}" \
		"$ORIGIN/api/register"
	session_from "$WORK/register.headers" >>"$WORK/pool-cookies"
done
[[ $(wc -l <"$WORK/pool-cookies") -eq $POOL_SIZE ]] || {
	echo 'Could not sign up the user pool.' >&2
	STATUS=2
	exit 2
}
APPROVED_COMMENT=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT id FROM platform_comments WHERE status = 'approved' ORDER BY id LIMIT 1\").fetchone()[0])" "$DATABASE_PATH")
echo "Editor signed in; $POOL_SIZE pool users signed up; approved comment $APPROVED_COMMENT"

# ------------------------------------------------------------------ sqlmap runs
# --eval runs before every request; sqlmap turns ';' into new lines, so no ';' inside strings.
EVAL_IP="import random; _locals['auxHeaders']['X-Forwarded-For'] = '10.%d.%d.%d' % (random.randint(0, 255), random.randint(0, 255), random.randint(1, 254))"
EVAL_POOL="$EVAL_IP; _locals['auxHeaders']['Cookie'] = random.choice(open('$WORK/pool-cookies').read().split())"
EVAL_EMAIL="$EVAL_IP; email = 'sqlmap%d@example.com' % random.randint(0, 10 ** 12)"
EVAL_ACCOUNT="$EVAL_EMAIL; username = 'sqlmap_%d' % random.randint(0, 10 ** 12)"

mkdir -p "$WORK/logs" "$WORK/sqlmap"
SUMMARY=()

# run_target NAME METHOD PATH DATA AUTH EVAL [SQLMAP OPTIONS...]
#   DATA: JSON body with a * marker, or '' for a GET whose query parameters are all tested.
#   AUTH: none | editor (the editor's cookie; the pool's comes through EVAL_POOL).
run_target() {
	local name=$1 method=$2 path=$3 data=$4 auth=$5 eval_code=$6
	shift 6
	if [[ -n $ONLY && ! $name =~ $ONLY ]]; then return; fi
	local log="$WORK/logs/$name.log" out="$WORK/sqlmap/$name"
	local headers="Accept: application/json\nOrigin: $ORIGIN"
	[[ -n $data ]] && headers="Content-Type: application/json\n$headers"
	[[ $auth == editor ]] && headers="$headers\nCookie: $EDITOR_COOKIE"
	local args=(-u "$ORIGIN$path" --batch --level="$LEVEL" --risk="$RISK" --dbms=SQLite
		--headers="$headers" --eval="$eval_code" --drop-set-cookie --output-dir="$out"
		--flush-session --disable-coloring --timeout=30 --retries=2
		--answers='skip those kind of cases=N' "$@")
	if [[ -n $data ]]; then
		args+=(--method="$method" --data="$data")
	elif [[ $path != *'*'* ]]; then
		args+=(--param-filter=GET) # the query string only (not headers or the cookie at level 5)
	fi
	local started=$SECONDS
	TERM=dumb sqlmap "${args[@]}" >"$log" 2>&1 </dev/null &
	SCAN_PID=$!
	local code=0
	wait "$SCAN_PID" || code=$?
	SCAN_PID=''
	local seconds=$((SECONDS - started))

	local tested errors verdict
	tested=$(grep -c 'does not seem to be injectable' "$log" || true)
	# sqlmap lists the HTTP error answers it met on the lines after this heading.
	errors=$(awk '/HTTP error codes detected during run/ { on = 1; next }
		on && /^[0-9][0-9][0-9] \(/ { gsub(/ times/, ""); out = out (out ? ", " : "") $0; next }
		{ on = 0 } END { print out }' "$log")
	if grep -q 'identified the following injection point' "$log" || [[ -s $out/127.0.0.1/log ]]; then
		verdict="INJECTION FOUND (see $log)"
		STATUS=1
	elif [[ $tested == 0 ]] || grep -q 'skipping .*parameter' "$log"; then
		verdict="INCONCLUSIVE: sqlmap skipped the parameter, see $log"
		[[ $STATUS == 0 ]] && STATUS=2
	elif grep -q 'all tested parameters do not appear to be injectable' "$log"; then
		verdict="no injection found ($tested parameter(s) tested)"
	else
		verdict="INCONCLUSIVE: sqlmap exit $code, see $log"
		[[ $STATUS == 0 ]] && STATUS=2
	fi
	if grep -q 'false positive or unexploitable injection point detected' "$log"; then
		verdict="$verdict; a candidate failed sqlmap's false-positive check"
	fi
	[[ -n $errors ]] && verdict="$verdict; HTTP errors: $errors"
	local line
	line=$(printf '%-32s %-6s %-52s %4ss  %s' "$name" "$method" "${path:0:52}" "$seconds" "$verdict")
	SUMMARY+=("$line")
	echo "$line"
}

P=1 # platform id for ratings and comments
LIST_NEWS='/api/news?search=retail&category=Grocery&sortBy=title&sortOrder=asc&limit=10&offset=0'
LIST_EDU='/api/education?search=retail&category=For%20Brands&sortBy=title&sortOrder=asc&limit=10&offset=0'
LIST_PODCASTS='/api/podcasts?search=retail&sortBy=title&sortOrder=asc&limit=10&offset=0'
LIST_PLATFORMS='/api/platforms?search=retail&category=Display&sortBy=name&sortOrder=asc&limit=10&offset=0'
NEWS_BODY='{"title":"Title","excerpt":"Excerpt","content":"Content","category":"Industry News","imageUrl":"","tags":"retail, media","readTime":5,"isPublished":false}'

run_target get-news GET "$LIST_NEWS" '' none "$EVAL_IP"
run_target get-education GET "$LIST_EDU" '' none "$EVAL_IP"
run_target get-podcasts GET "$LIST_PODCASTS" '' none "$EVAL_IP"
run_target get-platforms GET "$LIST_PLATFORMS" '' none "$EVAL_IP"
run_target get-platform-id GET '/api/platforms/1*' '' none "$EVAL_IP"
run_target get-page-slug GET '/api/pages/about-us*' '' none "$EVAL_IP"
run_target get-admin-users GET '/api/admin/users?search=user&limit=10&offset=0' '' editor "$EVAL_IP"
run_target get-admin-comments GET '/api/admin/comments?status=pending&limit=10&offset=0' '' editor "$EVAL_IP"

# sqlmap gives up on a target at the first 401 unless told it is expected: a failed sign-in is.
run_target post-login-email POST /api/login \
	'{"email":"editor@example.com*","password":"editor123"}' none "$EVAL_IP" --ignore-code=401
run_target post-login-password POST /api/login \
	'{"email":"nobody@example.com","password":"not-the-password*"}' none "$EVAL_EMAIL" \
	--ignore-code=401
run_target post-register-email POST /api/register \
	'{"email":"sqlmap@example.com*","username":"sqlmap_user","password":"a-long-password"}' none "$EVAL_IP"
run_target post-register-username POST /api/register \
	'{"email":"sqlmap@example.com","username":"sqlmap_user*","password":"a-long-password"}' none "$EVAL_EMAIL"
run_target post-register-password POST /api/register \
	'{"email":"sqlmap@example.com","username":"sqlmap_user","password":"a-long-password*"}' none "$EVAL_ACCOUNT"
run_target post-forgot-password-email POST /api/auth/forgot-password \
	'{"email":"user@example.com*"}' none "$EVAL_IP"
run_target post-rating-rating POST "/api/platforms/$P/ratings" \
	'{"rating":4*,"review":"Solid reporting."}' none "$EVAL_POOL"
run_target post-rating-review POST "/api/platforms/$P/ratings" \
	'{"rating":4,"review":"Solid reporting.*"}' none "$EVAL_POOL"
run_target post-comment-comment POST "/api/platforms/$P/comments" \
	'{"comment":"Useful platform.*"}' none "$EVAL_POOL"
run_target post-vote-votetype POST "/api/comments/$APPROVED_COMMENT/vote" \
	'{"voteType":"helpful*"}' none "$EVAL_POOL"
for field in title excerpt content category imageUrl tags readTime isPublished; do
	body=$(python3 -c '
import json, sys
body = json.loads(sys.argv[1])
field = sys.argv[2]
text = json.dumps(body, separators=(",", ":"))
old = json.dumps({field: body[field]}, separators=(",", ":"))[1:-1]
value = json.dumps(body[field])
# The marker goes after the value: inside the quotes of a text, after a number or boolean.
new = old[: -1] + "*\"" if value.startswith("\"") else old + "*"
print(text.replace(old, new, 1))
' "$NEWS_BODY" "$field")
	run_target "post-news-$field" POST /api/news "$body" editor "$EVAL_IP"
done

stop_all
echo
echo "sqlmap summary ($MODE: level $LEVEL, risk $RISK, $((SECONDS / 60)) min $((SECONDS % 60)) s):"
printf '  %s\n' "${SUMMARY[@]}"
case $STATUS in
0) echo 'Result: no SQL injection found.' ;;
1) echo 'Result: SQL INJECTION FOUND (see above).' ;;
*) echo 'Result: INCONCLUSIVE (see above).' ;;
esac
exit "$STATUS"
