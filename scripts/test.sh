#!/usr/bin/env bash
# Every test: static checks, unit and integration tests (PGlite always, PostgreSQL when one
# answers), then end-to-end tests in Chromium against the built client.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/results
rm -f .tmp/results/*.json

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  candidate="postgres://postgres@127.0.0.1:5432/test"
  if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$candidate" 2>/dev/null; then
    export TEST_DATABASE_URL="$candidate"
    echo "PostgreSQL answers on 127.0.0.1:5432: integration tests run on PGlite and PostgreSQL."
  else
    echo "No PostgreSQL on 127.0.0.1:5432: integration tests run on PGlite only."
  fi
fi

status=0
failed_steps=0
step() {
  echo
  echo "== $1"
  shift
  if ! "$@"; then
    status=1
    failed_steps=$((failed_steps + 1))
  fi
}

step "Static checks (types, lint, format)" npm run --silent check
step "Unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/results/vitest.json
step "Chromium, pdftotext, nginx and wrk" bash scripts/ensure-e2e-tools.sh
step "Client build" npm run --silent build
step "End-to-end tests" npx playwright test
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Cluster fault tests (nodes of the build behind nginx, on PostgreSQL)" \
    npx vitest run --config vitest.cluster.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/results/cluster.json
  # The core loop again, through nginx in front of two web nodes and a worker (the whole suite:
  # E2E_CLUSTER=1 npx playwright test).
  step "End-to-end tests through nginx (2 web nodes, 1 worker)" env E2E_CLUSTER=1 E2E_PORT=5201 \
    npx playwright test --project=flows e2e/landing-budget.spec.ts e2e/documents.spec.ts \
    e2e/records.spec.ts e2e/ledger-witness.spec.ts e2e/two-factor.spec.ts
else
  echo
  echo "== Cluster fault tests skipped: they need PostgreSQL on 127.0.0.1:5432."
fi

FAILED_STEPS=$failed_steps node scripts/summarize-tests.mjs || status=1
exit $status
