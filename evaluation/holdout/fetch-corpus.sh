#!/usr/bin/env bash
# Rebuilds the held-out corpus (36 real PDFs shipped in Debian bookworm packages) in
# /work/holdout-corpus, or in the folder given as $1. Needs apt-get (Debian's repositories),
# dpkg-deb and sha256sum; gzip for the PDFs Debian ships compressed. PDFs are never committed.
set -euo pipefail

target="${1:-/work/holdout-corpus}"
mkdir -p "$target"
target="$(cd "$target" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# package=version | path inside the package | target filename | sha256 of the target file
documents=(
  "texlive-latex-base-doc=2022.20230122-3|/usr/share/doc/texlive-doc/latex/geometry/geometry.pdf|geometry.pdf|75624407406f1f1e9214e481e0628437bb1ff8a0f1b6598ca78ed680ba479d81"
  "texlive-science-doc=2022.20230122-4|/usr/share/doc/texlive-doc/latex/rbt-mathnotes/examples/multivar.pdf|multivar-notes.pdf|0920d713dfe1c3d9390b59925d78c6f485c4ccbcc0e3ffcda2f16160a60889e4"
  "texlive-metapost-doc=2022.20230122-3|/usr/share/doc/texlive-doc/metapost/featpost/doc/otherinfo/BezierApprox.pdf|bezier-approximation-paper.pdf|d742ad93f5775982d7d08c5f47bfb2cfc74fe02304e619a1f3682e2f42cf7f69"
  "debian-policy=4.6.2.0|/usr/share/doc/debian-policy/fhs/fhs-3.0.pdf.gz|fhs-3.0.pdf|53d239e569a2d7b31a74fa09d585368c0f5a164e4624723fa2894660dd10fd23"
  "r-doc-pdf=4.2.2.20221110-2|/usr/share/R/doc/manual/R-admin.pdf|R-admin.pdf|50e256b5f873bbee4c8482df3754fa8654f02ef693409fe5e30b2f114e3efe9f"
  "texlive-metapost-doc=2022.20230122-3|/usr/share/doc/texlive-doc/metapost/mp3d/tb57roeg.pdf|tugboat-3d-animations.pdf|181a6039498ba3c83abd8eddb33e9f44cd87983b28a1111b85ca5733a1851f8b"
  "texlive-science-doc=2022.20230122-4|/usr/share/doc/texlive-doc/latex/siunits/SIunits.pdf|SIunits.pdf|9741e005f1574a53cbf8f842bb2bc1f64f863b424819557ddae721f469e369a2"
  "texlive-latex-base-doc=2022.20230122-3|/usr/share/doc/texlive-doc/latex/base/clsguide.pdf|clsguide.pdf|7f4ff05faf7307e9a3228fa4ab0e295921e3a155422e10521cd885862e8c99d7"
  "r-cran-pscl=1.5.5-1+b1|/usr/lib/R/site-library/pscl/doc/countreg.pdf|countreg-pscl.pdf|8ff9cb8331837ff2d21c4a840efbe4e5bdc10a1008edc0c39b8ba47d145cea04"
  "avrdude-doc=7.1+dfsg-3|/usr/share/doc/avrdude/avrdude.pdf.gz|avrdude-7.1.pdf|da2b3288f8310ecd4b53c14308f25a2acac96e6adf7e24e5769819de221118f3"
  "zlib1g-dev=1:1.2.13.dfsg-1|/usr/share/doc/zlib1g-dev/crc-doc.1.0.pdf.gz|crc-kadatch-jenkins.pdf|064f9252d6e2e15ea56c2bd18e160e5c9c84bcd137c11a7af497aaa511ace998"
  "developers-reference=12.18|/usr/share/developers-reference/developers-reference.pdf|developers-reference.pdf|88e5ac4d15444fd3adb821dc863bd91b820e99a27e65728e74975ab1752652f5"
  "texlive-publishers-doc=2022.20230122-4|/usr/share/doc/texlive-doc/latex/tugboat/ltubguid.pdf|tugboat-author-guide.pdf|a58929d1b588ffb9b574398b760e7d77bcd90bcfad3553ac45335aadcf7441bc"
  "graphviz-doc=2.42.2-7+deb12u1|/usr/share/doc/graphviz/pdf/dotguide.pdf.gz|dotguide.pdf|6aa4a4f220de2a2a3a00f3cd48a6aebd972a2691dddfd228b97f0733b38e8066"
  "bzip2-doc=1.0.8-5|/usr/share/doc/bzip2/manual.pdf.gz|bzip2-manual.pdf|1dd1f12b3dcb0894481708881ed8d052c769f3820c06839c702c8cfad973d7d3"
  "texlive-latex-base-doc=2022.20230122-3|/usr/share/doc/texlive-doc/latex/base/lppl.pdf|lppl-1.3c.pdf|5836a11253ba59b79c0b52cf010c0d280eaa6bda709f8d6824f2a3924207fef6"
  "debian-policy=4.6.2.0|/usr/share/doc/debian-policy/policy.pdf.gz|debian-policy.pdf|220f9366d6deb3984e84236f02f04bdd6275d6fe7b5587acd6c689dfeb99020f"
  "r-cran-sandwich=3.0-2-1|/usr/lib/R/site-library/sandwich/doc/sandwich.pdf|sandwich.pdf|ab762c22ff2d6b0c26e6e642171f116a11ec4dcfe58821148bdf41856f293a1b"
  "texlive-latex-recommended-doc=2022.20230122-3|/usr/share/doc/texlive-doc/latex/caption/caption.pdf|caption-manual.pdf|12541208650d12a9e3ad7af10af81ae602b673b10e04c5ec6d95c824207d1908"
  "gnuplot-doc=5.4.4+dfsg1-2|/usr/share/doc/gnuplot/gnuplot.pdf|gnuplot.pdf|df68dd0613f043141512fc4436d17aaf96727d5a758d85233915ac5056a97206"
  "altos=1.9.16-2|/usr/share/doc/altos/altusmetrum.pdf.gz|altusmetrum.pdf|2f97558667adc06bb9ba5039646e2fdac2db83f2393991c66ffc79261c291a71"
  "r-cran-survival=3.5-3-1|/usr/lib/R/library/survival/doc/compete.pdf|compete.pdf|1d83a2c90440051bef67554f06c942e418645a07e56d44e7cb1c42ba7c40ba88"
  "db5.3-doc=5.3.28+dfsg2-1|/usr/share/doc/db5.3-doc/programmer_reference/hash_usenix.pdf.gz|hash_usenix.pdf|dc4a1a8d431735d8684061831750d5974da4e7089ce3234a77d9a070a5553b7f"
  "packaging-tutorial=0.29|/usr/share/doc/packaging-tutorial/packaging-tutorial.pdf|packaging-tutorial.pdf|cc7c8684cf47b66bbec047f2a0d074e5a326848d8f9de8ab17daa19759e801ae"
  "libsuitesparse-doc=1:5.12.0+dfsg-2|/usr/share/doc/libsuitesparse-dev/AMD_UserGuide.pdf|AMD_UserGuide.pdf|25dccc0fc4824104bd87fba726d963f3aea9cf2abe978af1882ef8bf61ab39c6"
  "installation-guide-amd64=20230508+deb12u1|/usr/share/doc/installation-guide-amd64/en/install.en.pdf.gz|install.en.pdf|bf81d9e4142399afb730f1b93d0e761ed1c9992b52de3ca4c65336274a6c5bfb"
  "db5.3-doc=5.3.28+dfsg2-1|/usr/share/doc/db5.3-doc/programmer_reference/libtp_usenix.pdf.gz|libtp_usenix.pdf|ace4f6b7e738666ba65db9c06df4e2098a0045c23f665ef21f7cc9d1b4bfdfcd"
  "debian-history=2.28|/usr/share/doc/debian-history/docs/project-history.en.pdf|project-history.en.pdf|d3d263affc69ec9c994fe1d06b3cf7dddb78f84e24849d87a4aefe3a4ed15e77"
  "sdcc-doc=4.2.0+dfsg-1|/usr/share/doc/sdcc-doc/sdccman.pdf.gz|sdccman.pdf|8887f9fd940ee8aabe9429c28b53f264669f5c2c406688baf4b3d6c49438b2fb"
  "glpk-doc=5.0-1|/usr/share/doc/glpk-doc/gmpl.pdf|gmpl.pdf|df54ba811d1fe3c041447b575997298d63b0a6366e39454ef2efc382f08203c2"
  "gputils-doc=1.4.0-0.2|/usr/share/doc/gputils-doc/gputils.pdf.gz|gputils.pdf|911c2a5bc425ec281210ae428e67be3d5b402755d6eafd72e81cf50ccb9acacc"
  "r-cran-lme4=1.1-31-1|/usr/lib/R/site-library/lme4/doc/lmer.pdf|lmer.pdf|d13d6caf549b44c3543d01a7445c327ac472d266a8aee24f68a8d31d45d02ec9"
  "gnu-standards=2022.03.23-0.1|/usr/share/doc/gnu-standards/standards.pdf.gz|standards.pdf|7986330133c982d8b35e14c42f847bf7d19afdc2a080ebf8db9b223c0888021f"
  "pari-doc=2.15.2-1|/usr/share/pari/doc/tutorial.pdf|pari-tutorial.pdf|39adef47fe7c5c5b2137dd2a6f0d29900e740889db7bcedfb70ffe4481cb4a1b"
  "r-cran-strucchange=1.5-3-1|/usr/lib/R/site-library/strucchange/doc/strucchange-intro.pdf|strucchange-intro.pdf|56587481ea07ff51645290c24e328d4461656bcbf19d6e9426056e7559a4a198"
  "r-cran-zoo=1.8-11-1|/usr/lib/R/site-library/zoo/doc/zoo.pdf|zoo.pdf|fd63de7b0dc3122272339ff49e6ceeb47ea71a89a9cb5b7c411c78a7d6c8c332"
)

failed=0
declare -A extracted=()
for entry in "${documents[@]}"; do
  IFS='|' read -r spec inner filename sha <<<"$entry"
  pkg="${spec%%=*}"
  if [[ -z "${extracted[$spec]:-}" ]]; then
    mkdir -p "$work/$pkg"
    if ! (cd "$work/$pkg" && apt-get download "$spec" >/dev/null 2>"$work/$pkg.err"); then
      echo "ERROR: apt-get download $spec failed; this exact version may no longer be served by the configured Debian repositories:" >&2
      sed 's/^/  /' "$work/$pkg.err" >&2
      echo "  (try 'apt-cache policy $pkg'; snapshot archives keep old versions)" >&2
      failed=1
      extracted[$spec]=failed
      continue
    fi
    dpkg-deb -x "$work/$pkg"/*.deb "$work/$pkg/root"
    extracted[$spec]=ok
  fi
  [[ "${extracted[$spec]}" == ok ]] || { echo "SKIPPED: $filename (package $spec unavailable)" >&2; continue; }
  source_file="$work/$pkg/root$inner"
  if [[ ! -e "$source_file" ]]; then
    echo "ERROR: $inner is not in $spec" >&2
    failed=1
    continue
  fi
  if [[ "$inner" == *.gz ]]; then
    gzip -dc "$source_file" >"$target/$filename"
  else
    cp -L "$source_file" "$target/$filename"
  fi
  actual="$(sha256sum "$target/$filename" | cut -d' ' -f1)"
  if [[ "$actual" != "$sha" ]]; then
    echo "ERROR: sha256 mismatch for $filename (from $spec $inner)" >&2
    echo "  expected $sha" >&2
    echo "  got      $actual" >&2
    rm -f "$target/$filename"
    failed=1
    continue
  fi
  echo "ok  $filename  ($spec)"
done

if [[ "$failed" -ne 0 ]]; then
  echo "FAILED: the held-out corpus in $target is incomplete (see the errors above)." >&2
  exit 1
fi
echo "The held-out corpus is complete in $target (${#documents[@]} PDFs)."
