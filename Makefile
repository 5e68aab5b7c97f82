# Two commands do all the set-up: `make start` runs the app, `make test` runs what CI runs.
SHELL := /bin/bash
.DEFAULT_GOAL := start
ROOT := $(CURDIR)
# Node 24 from the npm registry when the system Node is older than 22.12 (scripts/ensure-node.sh).
export PATH := $(ROOT)/.tools/node/bin:$(ROOT)/node_modules/.bin:$(PATH)
export npm_config_update_notifier := false

.PHONY: start install node generate check-generated typecheck lint build web docs extension test test-only bench dev-mocks rebuild-projections verify-account reset-password chromium clean spec-coverage

node:
	@./scripts/ensure-node.sh

# npm ci only when package-lock.json changed since the last install.
node_modules/.installed: package-lock.json | node
	npm ci --no-audit --no-fund
	@touch $@

install: node node_modules/.installed

# `make start` builds each of generated/, dist/web and dist/api-docs.html only when one of its
# inputs is newer than its last output (stamp and output files below); `make generate`,
# `make build`, `make test` and `check-generated` always run every step.
# A step that fails leaves no output behind, so the next start tries it again.
.DELETE_ON_ERROR:
GENERATE_INPUTS := $(shell find spec -type f) redocly.yaml openapi-ts.config.ts orval.config.ts scripts/generate-operations.mjs scripts/generate-agent-types.mjs web/src/platform/api-fetch.ts package-lock.json
GENERATED_FILES = $(shell find generated -type f -not -name .stamp)
WEB_INPUTS = $(shell find web mocks -type f) $(shell find services -type f -name '*.ts' -not -name '*.test.ts') generated/.stamp $(GENERATED_FILES) package-lock.json tsconfig.json
DOCS_INPUTS := generated/.stamp generated/openapi.json scripts/offline-docs.mjs package-lock.json

define GENERATE_STEPS
	redocly lint spec/openapi.yaml --format=stylish
	redocly bundle spec/openapi.yaml --ext json -o generated/openapi.json
	node scripts/generate-agent-types.mjs
	openapi-ts
	node scripts/generate-operations.mjs
	orval --config orval.config.ts
	@touch generated/.stamp
endef

generate: install
	$(GENERATE_STEPS)

generated/.stamp: $(GENERATE_INPUTS) | install
	$(GENERATE_STEPS)

check-generated: generate
	@if [ -n "$$(git status --porcelain -- generated)" ]; then \
	  echo "generated/ differs from what 'make generate' writes; run it and commit:"; git status --short -- generated; exit 1; fi

spec-coverage: generate
	@node ../shared/tools/spec-coverage.mjs generated/openapi.json || echo "(spec coverage: seed calls above are not in the spec yet)"

# The type check runs TypeScript 7 (the native compiler, `typescript-native`): the same checks as
# TypeScript 6 in about half the CPU, on both cores (tsc 6: 90 s of one core, the longest step
# before the tests). TypeScript 6 stays the `typescript` the code generators and editors load.
typecheck: install
	node_modules/typescript-native/bin/tsc -p .

# Format and lint (Biome), then the layer rules of docs/architecture.md (dependency-cruiser).
lint: install
	biome check .
	depcruise services workflows web/src mocks extension/src --config .dependency-cruiser.cjs --output-type err
	node scripts/check-table-owners.mjs

define WEB_STEPS
	vite build --config web/vite.config.ts
endef

web: install
	$(WEB_STEPS)

dist/web/index.html: $(WEB_INPUTS) | install
	$(WEB_STEPS)
	@touch $@

# The docs page works offline: scripts inlined, no telemetry from readers' browsers, and the one
# image Redoc takes from its CDN replaced (scripts/offline-docs.mjs fails on any address left).
define DOCS_STEPS
	@mkdir -p dist
	REDOCLY_TELEMETRY=off redocly build-docs generated/openapi.json --inlineBundle -o dist/api-docs.html --title "Answer Engine API"
	node scripts/offline-docs.mjs dist/api-docs.html
endef

docs: install
	$(DOCS_STEPS)

dist/api-docs.html: $(DOCS_INPUTS) | install
	$(DOCS_STEPS)

# The browser extension (extension/README.md): dist/extension to load unpacked, dist/extension.zip
# for the stores. EXTENSION_APP_ORIGINS names the app's origins (PUBLIC_URL's when unset).
extension: install
	node extension/build.mjs

dist/extension.zip: $(shell find extension -type f) services/agent/limits.ts generated/.stamp | install
	node extension/build.mjs

build: generate web docs extension

start: generated/.stamp dist/web/index.html dist/api-docs.html dist/extension.zip
	tsx services/app/main.ts

chromium:
	@./scripts/ensure-chromium.sh

# Once the generated code is checked, the type check, the lint and the builds run side by side
# (each is mostly one core: tsc, dependency-cruiser, Redocly; in series they took about a minute
# of a clean-clone run), and the tests after them.
test: install chromium check-generated spec-coverage
	@$(MAKE) --no-print-directory --output-sync=target -j4 typecheck lint web docs extension
	@$(MAKE) --no-print-directory test-only

test-only:
	@mkdir -p test-results
	@rm -f test-results/vitest.json; status=0; vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$$?; \
	  node scripts/test-summary.mjs test-results/vitest.json || status=1; exit $$status

bench: build chromium
	tsx tests/bench/run.ts

# Regenerates generated/ only when the spec changed since (as `make start`); the mocks are served
# as one bundle (web/bundled-mocks.ts), the app module by module with hot reload.
dev-mocks: generated/.stamp | install
	vite --config web/vite.config.ts --mode mocks

rebuild-projections: install
	tsx scripts/rebuild-projections.ts

# Marks an account's address as verified (for a server without SMTP_URL): make verify-account EMAIL=…
# Both commands are safe while the app runs: they use its database and never stop its PostgreSQL.
verify-account: install
	tsx scripts/verify-account.ts "$(EMAIL)"

# Prints a one-time link to choose a new password (for a server without SMTP_URL): make reset-password EMAIL=…
reset-password: install
	tsx scripts/reset-password.ts "$(EMAIL)"

clean:
	rm -rf dist test-results node_modules/.installed
