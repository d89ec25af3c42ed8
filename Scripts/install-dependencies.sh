#!/usr/bin/env bash
# Installs the C libraries VocabKit links (ICU from Debian's libicu-dev) when they are missing.
set -euo pipefail
if [ ! -e /usr/include/unicode/utrans.h ]; then
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq libicu-dev
fi
