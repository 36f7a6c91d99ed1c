#!/usr/bin/env bash
# Installs the system packages Wenku needs (browser for e2e tests, converters and fonts for documents).
# Idempotent and quick when everything is present: apt is only touched when something is missing.
set -euo pipefail

PACKAGES=(
  chromium
  libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
  python3-uno
  fonts-noto-cjk fonts-noto-core fonts-crosextra-carlito fonts-crosextra-caladea fonts-liberation2
  tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-eng
  libchm-bin
  mupdf-tools
  fontconfig
  espeak-ng
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Chinese font names used by Office documents map onto the Noto CJK fonts.
FONTCONF=/etc/fonts/conf.d/64-wenku-cjk-aliases.conf
if [ ! -f "$FONTCONF" ]; then
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO tee "$FONTCONF" >/dev/null <<'XML'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <alias><family>宋体</family><prefer><family>Noto Serif CJK SC</family></prefer></alias>
  <alias><family>SimSun</family><prefer><family>Noto Serif CJK SC</family></prefer></alias>
  <alias><family>微软雅黑</family><prefer><family>Noto Sans CJK SC</family></prefer></alias>
  <alias><family>Microsoft YaHei</family><prefer><family>Noto Sans CJK SC</family></prefer></alias>
  <alias><family>黑体</family><prefer><family>Noto Sans CJK SC</family></prefer></alias>
  <alias><family>SimHei</family><prefer><family>Noto Sans CJK SC</family></prefer></alias>
</fontconfig>
XML
  command -v fc-cache >/dev/null && $SUDO fc-cache -f >/dev/null 2>&1 || true
fi
echo "setup: system packages ready"
