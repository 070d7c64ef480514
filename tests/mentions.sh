#!/usr/bin/env bash
# mentions.sh — a spec row's "Mentioned in" list (on its table's page)
# and a term's "Used in" (glossary.html) name the first MENTIONS_LISTED
# (20) sections that mention them, in book order, and then say how many
# more there are, as a link to the search for the row's or term's name;
# a row or term of fewer mentions lists them all (TAP).
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build}/specbook
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0; fails=0
ok()     { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }
check()  { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2', want '$3'"; fi; }

B=$T/book
mkdir -p "$B/content" "$B/specs"
cat > "$B/content/book.yaml" <<'Y'
title: {zh: 提及测试, en: Mentions test}
Y
cat > "$B/content/glossary.yaml" <<'Y'
terms:
  hbm:
    en: High Bandwidth Memory
    zh: 高带宽内存
    abbr: HBM
    def: {zh: 堆叠在 GPU 旁的 DRAM。, en: DRAM stacked beside the GPU.}
  nvl:
    en: NVLink
    zh: NVLink 互连
    def: {zh: GPU 之间的互连。, en: The link between GPUs.}
Y
cat > "$B/specs/parts.yaml" <<'Y'
table: parts
title: {zh: 部件, en: Parts}
columns:
  memory: {zh: 显存, en: Memory, unit: GB}
rows:
  many:
    name: Many Row & Co
    memory: 80
  few:
    name: Few
    memory: 40
Y
# 25 sections mention row "many" and term "hbm"; the first 3 also "few" and "nvl"
{
	printf -- '---\nid: one\ntitle: {zh: 第一章, en: Chapter one}\n---\n\n'
	for i in $(seq 1 25); do
		printf '## 1.%d 第 %d 节 (Section %d) {#s%d}\n\n' "$i" "$i" "$i" "$i"
		printf '显存为 {many.memory}，见[HBM](term:hbm)。\n\n> Memory is {many.memory}; see [HBM](term:hbm).\n\n'
		if [ "$i" -le 3 ]; then
			printf '另一种 {few.memory}，见[NVLink](term:nvl)。\n\n> The other {few.memory}; see [NVLink](term:nvl).\n\n'
		fi
	done
} > "$B/content/01-one.md"

if "$BIN" build -q -C "$B" -o "$T/site" > "$T/out" 2>&1; then
	ok "the book builds"
else
	not_ok "the book builds: $(head -5 "$T/out")"
fi

# the <dd> after <dt id="mentions-ROW">, and the <dd> after <dt id="TERM">
dd_of() { ID=$2 perl -0777 -ne '
	print /<dt id="\Q$ENV{ID}\E">.*?<\/dt>\s*<dd>(.*?)<\/dd>/s ? "$1\n" : "MISSING\n"' "$1"
}
links() { grep -o 'href="[^"]*01-one.html#s[0-9]*"' | sed 's/.*#//; s/"//' | tr '\n' ' ' | sed 's/ $//'; }
first20=$(seq 1 20 | sed 's/^/s/' | tr '\n' ' ' | sed 's/ $//')

dd=$(dd_of "$T/site/specs/parts.html" mentions-many)
check "row of 25 mentions: the first 20 sections, in book order" "$(echo "$dd" | links)" "$first20"
check "row of 25 mentions: says 5 more" "$(echo "$dd" | grep -o 'and [0-9]* more')" "and 5 more"
check "row of 25 mentions: says 5 more in Chinese" "$(echo "$dd" | grep -o '另有 [0-9]* 处')" "另有 5 处"
check "row of 25 mentions: the rest is a search for the row's name" \
	"$(echo "$dd" | grep -o '<a class="more" href="[^"]*"')" '<a class="more" href="../search.html?q=Many%20Row%20%26%20Co"'
dd=$(dd_of "$T/site/specs/parts.html" mentions-few)
check "row of 3 mentions: all three" "$(echo "$dd" | links)" "s1 s2 s3"
check "row of 3 mentions: no 'more'" "$(echo "$dd" | grep -c 'more')" "0"

dd=$(dd_of "$T/site/glossary.html" hbm)
check "term of 25 mentions: the first 20 sections, in book order" "$(echo "$dd" | links)" "$first20"
check "term of 25 mentions: says 5 more" "$(echo "$dd" | grep -o 'and [0-9]* more')" "and 5 more"
check "term of 25 mentions: the rest is a search for its abbreviation" \
	"$(echo "$dd" | grep -o '<a class="more" href="[^"]*"')" '<a class="more" href="search.html?q=HBM"'
dd=$(dd_of "$T/site/glossary.html" nvl)
check "term of 3 mentions: all three" "$(echo "$dd" | links)" "s1 s2 s3"

# Many rows, named so that their order by name is not the order they are
# first mentioned in, each mentioned in its own set of sections: every
# row's list is its sections, in book order (the mentions are grouped by
# row in a hash table that grows past 32 rows, then ordered by name)
M=$T/many
mkdir -p "$M/content" "$M/specs"
cp "$B/content/book.yaml" "$M/content/"
# (perl, not python: perl-base is part of every Debian system, python3 is not)
perl - "$M" > "$T/many-want" <<'P'
my $root = $ARGV[0];
my @names = qw(zeta alpha mu beta omega kappa delta eta);
my @rows = map { sprintf "%s%02d", $names[(7 * $_) % @names], (37 * $_) % 61 } 0 .. 59;
open my $spec, ">", "$root/specs/many.yaml" or die;
print $spec "table: many\ntitle: {zh: 多行, en: Many rows}\ncolumns:\n",
	"  memory: {zh: 显存, en: Memory, unit: GB}\nrows:\n";
printf $spec "  %s:\n    name: Row %s\n    memory: %d\n", $_, $_, 10 + length $_ for @rows;
close $spec;
my %want = map { $_ => [] } @rows;
open my $ch, ">", "$root/content/01-one.md" or die;
print $ch "---\nid: one\ntitle: {zh: 第一章, en: Chapter one}\n---\n\n";
for my $s (1 .. 12) {
	printf $ch "## 1.%d 第 %d 节 (Section %d) {#s%d}\n\n", $s, $s, $s, $s;
	my @here = grep { ($_ * 7 + $s) % 5 == 0 || $_ % 12 == $s - 1 } 0 .. $#rows;
	for my $k (reverse @here) {
		my $r = $rows[$k];
		print $ch "显存为 {$r.memory}。\n\n> Memory is {$r.memory}.\n\n";
		push @{$want{$r}}, "s$s";
	}
}
close $ch;
for my $r (@rows) {
	my @w = @{$want{$r}};
	splice @w, 20 if @w > 20;
	print $r, " ", (@w ? join(" ", @w) : "-"), "\n";
}
P
if "$BIN" build -q -C "$M" -o "$T/many-site" > "$T/many-out" 2>&1; then
	ok "a table of 60 rows builds"
	perl -0777 - "$T/many-site/specs/many.html" "$T/many-want" > "$T/many-got" <<'P'
my ($page_file, $want_file) = @ARGV;
open my $pf, "<", $page_file or die; my $page = <$pf>; close $pf;
open my $wf, "<", $want_file or die; local $/ = "\n";
while (my $line = <$wf>) {
	my ($row) = split " ", $line;
	my @got = $page =~ /<dt id="mentions-\Q$row\E">.*?<\/dt>\s*<dd>(.*?)<\/dd>/s
		? ($1 =~ /01-one\.html#(s\d+)"/g) : ("MISSING");
	print $row, " ", (@got ? join(" ", @got) : "-"), "\n";
}
P
	check "a table of 60 rows: each row lists its sections, in book order" \
		"$(diff "$T/many-want" "$T/many-got" | head -3)" ""
else
	not_ok "a table of 60 rows builds: $(head -5 "$T/many-out")"
fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
