#!/usr/bin/env sh
# System packages from Debian. Idempotent: installs only what is missing from the PATH.
#   tesseract-ocr, tesseract-ocr-deu, tesseract-ocr-eng: native OCR engine (Apache-2.0). Optional
#     for the service (OCR falls back to tesseract.js from node_modules); OCR_ENGINE=auto picks it,
#     about twice as fast.
#   chromium: the headless browser the account-area tests drive with playwright-core (tests only;
#     playwright's own browser download cannot run here).
#   poppler-utils: `pdftotext -bbox`, the reader independent of pdf.js that the evidence tests
#     check boxes against (tests and eval only; test/support/pdf-word-boxes.ts).
set -eu

missing=""
if ! (command -v tesseract >/dev/null 2>&1 && tesseract --list-langs 2>/dev/null | grep -qx deu); then
  missing="$missing tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng"
fi
if ! command -v chromium >/dev/null 2>&1; then
  missing="$missing chromium"
fi
if ! command -v pdftotext >/dev/null 2>&1; then
  missing="$missing poppler-utils"
fi
if [ -z "$missing" ]; then
  echo "install-system-deps: tesseract (deu), chromium and pdftotext already installed"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: apt-get not found; install by hand:$missing" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
command -v tesseract >/dev/null 2>&1 && tesseract --version | head -1
command -v chromium >/dev/null 2>&1 && chromium --version
command -v pdftotext >/dev/null 2>&1 && pdftotext -v 2>&1 | head -1
