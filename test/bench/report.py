#!/usr/bin/env python3
"""Merges the CSV rows of `make bench` (impl,case,n,seconds) into one CSV,
keeping each row's best time over the rounds, and prints the tables of the
README's Performance section.

    report.py OUT.csv IN.csv...
"""

import csv
import sys
from collections import defaultdict

IN_BYTES = {'float32': 4, 'float64': 8, 'int32': 4, 'bfloat16': 2, 'float16': 2,
            'float8_e4m3fn': 1, 'float8_e5m2': 1, 'float4_e2m1fn': 0.5, 'int4': 0.5}


def source(case):
    return case.split(':')[-1].split('->')[0]


def target(case):
    return case.split(':')[-1].split('->')[1]


def main():
    out, files = sys.argv[1], sys.argv[2:]
    t = defaultdict(dict)  # (case, n) -> impl -> best seconds
    for f in files:
        with open(f) as fh:
            for r in csv.DictReader(fh):
                d = t[(r['case'], int(r['n']))]
                s = max(float(r['seconds']), 1e-9)  # a timer's 0 would divide
                d[r['impl']] = min(s, d.get(r['impl'], s))
    with open(out, 'w', newline='') as fh:
        w = csv.writer(fh)
        w.writerow(['impl', 'case', 'n', 'seconds'])
        for (case, n), d in sorted(t.items()):
            for impl, s in sorted(d.items()):
                w.writerow([impl, case, n, '%.9g' % s])

    bulk = sorted((k for k in t if ':' not in k[0] or k[0].startswith('back:')),
                  key=lambda k: (k[0].startswith('back:'), k[0], k[1]))
    print('Bulk conversions into an existing array: nx_array GB/s of input; '
          "nx_array's time over memcpy's of the source, and over the memory bound "
          '(the bytes read and written at the rate of that memcpy, which reads and writes '
          "the source's bytes); the others' time over nx_array's (above 1: nx_array is "
          'faster).\n')
    print('| case | n | nx GB/s | vs memcpy | vs bound | numpy | ml_dtypes | half | OCaml float16 loop |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    for case, n in bulk:
        d = t[(case, n)]
        if 'nx' not in d:
            continue
        nx = d['nx']
        gbs = n * IN_BYTES[source(case)] / nx / 1e9
        def ratio(impl):
            return '%.2f' % (d[impl] / nx) if impl in d else ''
        mem = bound = ''
        if d.get('memcpy'):
            src, dst = IN_BYTES[source(case)], IN_BYTES[target(case)]
            mem = '%.2f' % (nx / d['memcpy'])
            bound = '%.2f' % (nx / (d['memcpy'] * (src + dst) / (2 * src)))
        print('| %s | %.0e | %.2f | %s | %s | %s | %s | %s | %s |' % (
            case.replace('back:', ''), n, gbs, mem, bound, ratio('numpy'), ratio('ml_dtypes'),
            ratio('half'), ratio('ocaml-float16-loop')))
    alloc = sorted(k for k in t if k[0].startswith('alloc:'))
    if alloc:
        print('\nAllocating calls, new destination: nx_array ms; the others\' time over '
              "nx_array's (above 1: nx_array is faster); nx_array's time over the floors "
              '(create-blit: Genarray.create + blit of the destination\'s bytes, or Bytes.create + '
              'blit for strings; fault-floor: a fresh advised buffer touched once); and '
              "create-blit's time over numpy's or ml_dtypes': above 1, OCaml's own new "
              'bigarray or string of those bytes is slower than the Python call, which nx_array '
              'then cannot beat without beating that floor.\n')
        print('| call | n | nx ms | numpy / ml_dtypes | vs create-blit | vs fault-floor | create-blit / Python |')
        print('|---|---:|---:|---:|---:|---:|---:|')
        for case, n in alloc:
            d = t[(case, n)]
            if 'nx' not in d:
                continue
            nx = d['nx']
            py = d.get('ml_dtypes', d.get('numpy'))
            blit = d.get('create-blit', d.get('bytes-blit', d.get('array-copy')))
            def fmt(x):
                return '%.2f' % x if x is not None else ''
            print('| %s | %.0e | %.3f | %s | %s | %s | %s |' % (
                case[len('alloc:'):], n, nx * 1e3, fmt(py and py / nx),
                fmt(blit and nx / blit), fmt(d.get('fault-floor') and nx / d['fault-floor']),
                fmt(blit and py and blit / py)))
    # The targets' baselines: of_float against Bigarray's float16 store,
    # pp_value of a float64 against ryu.
    store = t.get(('of_float:float16', 1), {}).get('ocaml-float16-set')
    ryu = t.get(('pp_value:float64', 1), {}).get('ryu')
    print('\nScalar calls, ns per call; the ratio is to the Bigarray float16 '
          'store for of_float, to ryu for pp_value:float64.\n')
    print('| case | nx_array | ratio | reference |')
    print('|---|---:|---:|---|')
    for (case, n), d in sorted(t.items()):
        if case.startswith('of_float:') or case.startswith('pp_value:'):
            nx = d.get('nx', float('nan'))
            base = store if case.startswith('of_float:') else ryu if case == 'pp_value:float64' else None
            ratio = '%.2f' % (nx / base) if base else ''
            refs = ', '.join('%s %.1f' % (k, v) for k, v in sorted(d.items()) if k != 'nx')
            print('| %s | %.1f | %s | %s |' % (case, nx, ratio, refs))
    scaling = {case.split(':')[1]: (n, d['1-domain'] / d['2-domains'], d)
               for (case, n), d in sorted(t.items())
               if case.startswith('scaling:') and '1-domain' in d and '2-domains' in d}
    if scaling:
        print('\nScaling, one domain against two (a half each), at the largest size; '
              'memcpy of the float32 source is what the memory allows.\n')
        print('| case | n | 1 domain, ms | 2 domains, ms | speedup |')
        print('|---|---:|---:|---:|---:|')
        for case, (n, speedup, d) in scaling.items():
            print('| %s | %.0e | %.1f | %.1f | %.2f |'
                  % (case, n, d['1-domain'] * 1e3, d['2-domains'] * 1e3, speedup))
    blocks(t)

def blocks(t):
    """The block rows: dequantizing against the memory bound
    (memcpy's rate for the bytes read and written, same turn) and against
    streaming stores of the output alone, quantizing against gguf-py and
    numpy."""
    deq = sorted(k for k in t if k[0].startswith('block:dequantize:') and 'nx' in t[k])
    if deq:
        print('\nDequantizing blocks into an existing array: time over the memory '
              'bound (the bytes read and written at memcpy\'s rate), over streaming '
              'stores of the output alone, and their own over the bound; the '
              'references\' time over nx_array\'s.\n')
        print('| case | n | nx ms | bound ms | vs bound | stores ms | vs stores '
              '| stores vs bound | reference |')
        print('|---|---:|---:|---:|---:|---:|---:|---:|---|')
        ms = lambda x: '%.3f' % (x * 1e3) if x else ''
        over = lambda a, b: '%.2f' % (a / b) if a and b else ''
        for case, n in deq:
            d = t[(case, n)]
            bound, stores = d.get('bound'), d.get('stores')
            refs = ', '.join('%s %.2f' % (k, v / d['nx']) for k, v in sorted(d.items())
                             if k not in ('nx', 'bound', 'stores'))
            print('| %s | %.0e | %.3f | %s | %s | %s | %s | %s | %s |' % (
                case.split(':', 2)[2], n, d['nx'] * 1e3, ms(bound), over(d['nx'], bound),
                ms(stores), over(d['nx'], stores), over(stores, bound), refs))
    get = sorted(k for k in t if k[0].startswith('block:get_as:') and 'nx' in t[k])
    if get:
        print('\nDequantizing GGUF block tensors into a new float32 array (Gguf.get_as, '
              'from random bytes): ns per value, and gguf-py\'s quants.dequantize time '
              'over nx_array\'s.\n')
        print('| type | n | nx ns/value | gguf-py |')
        print('|---|---:|---:|---:|')
        for case, n in get:
            d = t[(case, n)]
            ratio = '%.1f' % (d['gguf-py'] / d['nx']) if 'gguf-py' in d else ''
            print('| %s | %.0e | %.2f | %s |' % (
                case.split(':', 2)[2].split('->')[0], n, d['nx'] / n * 1e9, ratio))
    gg = sorted(k for k in t if k[0].startswith('ggml:') and 'nx' in t[k])
    if gg:
        print('\nDequantizing the ggml types of published GGUF models: into an existing '
              'float32 array (Gguf.dequantize_into) and a new bfloat16 one (Gguf.get_as), '
              'ns per value, the time over the memory bound (the bytes read and written at '
              'memcpy\'s rate, same turns), and llama.cpp\'s to_float time over nx_array\'s '
              '(the targets: at most 1.5 over the bound, at least 2 for llama.cpp); '
              'for the new arrays, the time over the fault-floor too (a fresh buffer of '
              'the output\'s bytes touched once: its page faults alone).\n')
        print('| case | n | nx ns/value | vs bound | llama.cpp | fault-floor ns/value | vs fault-floor |')
        print('|---|---:|---:|---:|---:|---:|---:|')
        for case, n in gg:
            d = t[(case, n)]
            bound = '%.2f' % (d['nx'] / d['bound']) if 'bound' in d else ''
            ref = '%.2f' % (d['llama.cpp'] / d['nx']) if 'llama.cpp' in d else ''
            floor = d.get('fault-floor')
            print('| %s | %.0e | %.2f | %s | %s | %s | %s |' % (
                case.split(':', 1)[1], n, d['nx'] / n * 1e9, bound, ref,
                '%.2f' % (floor / n * 1e9) if floor else '', '%.2f' % (d['nx'] / floor) if floor else ''))
    gq = sorted(k for k in t if k[0].startswith('ggml-quantize:') and 'nx' in t[k])
    if gq:
        print('\nQuantizing float32 rows of 4096 into ggml types as llama.cpp does, one core '
              '(Gguf.quantize_into ~domains:1; the same bytes as ggml_quantize_chunk): '
              'Mvalues/s, and nx_array\'s speed over ggml_quantize_chunk\'s, the same values '
              '(the target: at least 1).\n')
        print('| type | n | nx Mvalues/s | llama.cpp Mvalues/s | ratio |')
        print('|---|---:|---:|---:|---:|')
        for case, n in gq:
            d = t[(case, n)]
            ref = d.get('llama.cpp')
            print('| %s | %.0e | %.1f | %s | %s |' % (
                case.split(':', 1)[1], n, n / d['nx'] / 1e6,
                '%.1f' % (n / ref / 1e6) if ref else '', '%.2f' % (ref / d['nx']) if ref else ''))
    op = sorted(k for k in t if k[0].startswith('gguf-open:') and 'nx' in t[k])
    if op:
        print('\nOpening a GGUF file with a tokenizer of 150,000 tokens (its header\'s '
              'bytes in the n column): microseconds, and beyond reading those bytes into '
              'memory (the target: well under a millisecond).\n')
        print('| case | header bytes | nx µs | read µs | nx beyond read µs |')
        print('|---|---:|---:|---:|---:|')
        for case, n in op:
            d = t[(case, n)]
            r = d.get('read')
            print('| %s | %d | %.0f | %s | %s |' % (case.split(':', 1)[1], n, d['nx'] * 1e6,
                  '%.0f' % (r * 1e6) if r else '', '%.0f' % ((d['nx'] - r) * 1e6) if r else ''))
    quant = sorted(k for k in t if k[0].startswith('block:quantize:') and 'nx' in t[k])
    if quant:
        print('\nQuantizing float32 into blocks: ns per value, and the references\' '
              'time over nx_array\'s (above 10: the target).\n')
        print('| case | n | nx ns/value | gguf-py | numpy |')
        print('|---|---:|---:|---:|---:|')
        for case, n in quant:
            d = t[(case, n)]
            ratio = lambda k: '%.1f' % (d[k] / d['nx']) if k in d else ''
            print('| %s | %.0e | %.2f | %s | %s |' % (
                case.split(':', 2)[2], n, d['nx'] / n * 1e9, ratio('gguf-py'), ratio('numpy')))


if __name__ == '__main__':
    main()
