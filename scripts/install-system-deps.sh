#!/usr/bin/env sh
# Optional system packages for the reading layer. Idempotent: does nothing when the binaries are
# already on the PATH. The service works without them (OCR falls back to tesseract.js from
# node_modules); with them, OCR_ENGINE=auto picks native tesseract, about twice as fast.
#   tesseract-ocr, tesseract-ocr-deu, tesseract-ocr-eng: native OCR engine (Apache-2.0), Debian.
set -eu

if command -v tesseract >/dev/null 2>&1 && tesseract --list-langs 2>/dev/null | grep -qx deu; then
  echo "install-system-deps: tesseract with deu already installed"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: apt-get not found; install tesseract-ocr + German data by hand (optional)" >&2
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng
tesseract --version | head -1
