#!/usr/bin/env python3
"""Writes .npy files with numpy's verdict on each, for test/cli/npy_cases.ml.

    python3 test/cli/gen_npy_cases.py [SEED [MUTATIONS]] > test/cli/npy_cases.txt

A catalogue (every truncation of good files, every field of the preamble
and header wrong in turn, the Python literal syntax numpy's reader accepts)
then MUTATIONS (default 1200) random mutations of good headers and as
many random rewrites of them (in the syntax numpy accepts, and near
misses), from SEED (default 1). Each file is read by numpy's own reader, np.load with
allow_pickle=False, in a file: what it reads, nx-dtype must read to the same
bytes; what it refuses, nx-dtype must refuse.

One case a line, fields separated by tabs:
  name  verdict  dtype  file  bytes
verdict is 'read' (numpy reads the file), 'refuse' (numpy refuses it) or
'ours:REASON' (numpy reads it; nx-dtype refuses it by design, see
ocaml/cli/npy.mli). dtype is the nx-dtype name to convert from: the one
numpy's element type or the header's descr names, else the base file's.
file is the file's bytes, with '\\', bytes below 0x20 and from 0x7f
written \\xHH; \\*N; repeats the byte before N more times, \\=N; the two
bytes before. bytes is the hex of the elements nx-dtype must write to a
raw file in that dtype, little-endian, in the file's order, for 'read'.
"""

import ast
import io
import os
import random
import re
import sys
import tempfile
import tokenize
import warnings

import numpy as np

try:
    from numpy.lib._format_impl import _filter_header
except ImportError:  # numpy 1
    from numpy.lib.format import _filter_header

MAX_INT = 2**62 - 1  # OCaml's max_int

# (numpy kind, size) -> nx-dtype name
DTYPES = {
    ('f', 8): 'float64', ('f', 4): 'float32', ('f', 2): 'float16',
    ('i', 8): 'int64', ('u', 8): 'uint64', ('i', 4): 'int32', ('u', 4): 'uint32',
    ('i', 2): 'int16', ('u', 2): 'uint16', ('i', 1): 'int8', ('u', 1): 'uint8',
    ('c', 16): 'complex128', ('c', 8): 'complex64', ('b', 1): 'bool',
    ('V', 2): 'bfloat16', ('V', 1): 'float8_e4m3fn',
}


def ours(descr):
    """The nx-dtype name of what numpy.dtype makes of a string descr (as
    np.load does), if nx-dtype has it."""
    if not isinstance(descr, str):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            dt = np.dtype(descr)
    except (Exception, RecursionError):
        return None
    if dt.fields is not None or dt.subdtype is not None:
        return None
    return DTYPES.get((dt.kind, dt.itemsize))


# Every spelling of numpy's type strings and names (numpy decides which
# it reads): names, one-character codes, and kinds with sizes in the
# forms C's strtol reads, each after every byte order.
NAMES = ['bool', 'bool_', 'int8', 'byte', 'uint8', 'ubyte', 'int16', 'short', 'uint16', 'ushort',
         'int32', 'intc', 'uint32', 'uintc', 'int64', 'int', 'int_', 'intp', 'long', 'longlong',
         'uint64', 'uint', 'uintp', 'ulong', 'ulonglong', 'float16', 'half', 'float32', 'single',
         'float64', 'double', 'float', 'complex64', 'csingle', 'complex128', 'cdouble', 'complex',
         'longdouble', 'clongdouble', 'float128', 'complex256', 'object', 'str', 'bytes', 'void',
         'datetime64', 'Float32', 'FLOAT32', 'float32 ', ' float32', 'int0', 'bool8', 'float_',
         'complex_', 'cfloat', 'half_']
SIZED = ['%s%s' % (k, n) for k in 'biufcV' for n in ['1', '2', '4', '8', '16', '3', '0']]
SIZED += ['f04', 'f004', 'f+4', 'f 4', 'f\t4', 'f\n4', 'f\x0b4', 'f\x0c4', 'f\r4', 'f +4', 'f+04',
          'f-4', 'f-0', 'f++4', 'f4 ', 'f 4 ', 'f4294967300', 'f18446744073709551620', 'i 1', 'b+1',
          'c +16', 'V 2', 'V+1', 'f\xa04', 'f4.0', 'f0x4', 'f1', 'F4', 'B1', 'H2', '?1', 'b01']
ALIASES = sorted(set(NAMES + SIZED + [chr(c) for c in range(0x21, 0x7f)]))
BYTE_ORDERS = ['', '<', '>', '|', '=']

# numpy's "comma strings" of one type, '()f4' and the like: 400 seeded
# combinations of their parts (in version 3.0 headers, for the Unicode
# white space).
COMMA_PARTS = (BYTE_ORDERS, ['()', '() ', '()  ', '( )', '(1,)', '1', '(', ''], BYTE_ORDERS,
               ['f4', 'float32', '?', 'u1', 'c16', 'f 4', 'V2', ''],
               ['', ' ', '\n', '\x1c', '\xa0', '\u3000', ',', '\t', ' x', ',f4', '[ns]'])
_comma_rng = random.Random(5)
COMMA_STRINGS = sorted({''.join(_comma_rng.choice(part) for part in COMMA_PARTS)
                        for _ in range(400)})


def base_arrays():
    return [
        ('f4', np.arange(6, dtype='<f4').reshape(2, 3) * np.float32(1.5), (1, 0)),
        ('i2be-fortran', np.asfortranarray(np.arange(-3, 3, dtype='>i2').reshape(2, 3)), (2, 0)),
        ('f8-scalar', np.array(-2.25, dtype='<f8'), (3, 0)),
        ('u1-empty', np.zeros((0, 3), dtype='|u1'), (1, 0)),
        ('V2', np.frombuffer(bytes([0x80, 0x3f, 0xcd, 0x3d, 0x80, 0x7f]), dtype='V2'), (1, 0)),
        ('c8', np.array([1 + 2j, -0.5j], dtype='<c8'), (1, 0)),
        ('b1', np.array([True, False, True, True], dtype='|b1'), (3, 0)),
    ]


def npy_bytes(a, version):
    buf = io.BytesIO()
    np.lib.format.write_array(buf, a, version=version)
    return buf.getvalue()


def split(data):
    """The version, the header's bytes and the elements' bytes of a file."""
    major = data[6]
    pre = 10 if major == 1 else 12
    n = int.from_bytes(data[8:pre], 'little')
    return (major, data[7]), data[pre:pre + n], data[pre + n:]


def assemble(version, header, elements, length=None):
    major = version[0]
    width = 2 if major == 1 else 4
    n = len(header) if length is None else length
    return (b'\x93NUMPY' + bytes(version) + (n % (1 << (8 * width))).to_bytes(width, 'little')
            + header + elements)


def header_dict(version, header):
    """The dict numpy's reader makes of a header, as numpy makes it."""
    text = header.decode('utf8' if version == (3, 0) else 'latin1')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            return ast.literal_eval(text)
        except SyntaxError:
            if version > (2, 0):
                raise
            return ast.literal_eval(_filter_header(text))


def judge(data, tmp):
    path = os.path.join(tmp, 'case.npy')
    with open(path, 'wb') as f:
        f.write(data)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            return np.load(path, allow_pickle=False)
        except (Exception, RecursionError):
            return None


def descr_dtype(data, default):
    """The nx-dtype name the header's descr names, if it can be read."""
    try:
        descr = header_dict(*split(data)[:2])['descr']
        return ours(descr) or default
    except (Exception, RecursionError):
        pass
    return default


def has_named_escape(text):
    """Whether a string literal of the header has a \\N{...} escape."""
    try:
        return any(t.type == tokenize.STRING and '\\N' in t.string and 'r' not in
                   t.string.split(t.string[-1])[0].lower()
                   for t in tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return False


def needs_second_reading(text):
    """Whether numpy reads the header only at its second attempt."""
    try:
        ast.literal_eval(text)
        return False
    except (Exception, RecursionError):
        return True


def verdict(data, base_dtype, tmp):
    """(verdict, dtype, expected bytes) for a file."""
    a = judge(data, tmp)
    if a is None:
        return 'refuse', descr_dtype(data, base_dtype), ''
    version, header, _ = split(data)
    d = header_dict(version, header)
    descr, shape = d['descr'], d['shape']
    text = header.decode('utf8' if version == (3, 0) else 'latin1')
    if has_named_escape(text):
        return 'ours:escape', base_dtype, ''
    if '\r' in text and needs_second_reading(text):
        return 'ours:cr', base_dtype, ''
    if not ours(descr):
        return 'ours:descr', base_dtype, ''
    size = a.dtype.itemsize
    nonzero = 1
    for x in shape:
        nonzero *= x if x else 1
    if max(shape, default=0) > MAX_INT or nonzero * size > MAX_INT:
        return 'ours:size', base_dtype, ''
    dtype = DTYPES[(a.dtype.kind, size)]
    order = 'F' if d['fortran_order'] else 'C'
    if a.dtype.kind == 'V':
        raw = bytearray(a.tobytes(order=order))
        if raw_big_endian(descr) and size == 2:
            raw[0::2], raw[1::2] = raw[1::2], raw[0::2]
        raw = bytes(raw)
    else:
        raw = a.astype(a.dtype.newbyteorder('<')).tobytes(order=order)
    return 'read', dtype, raw.hex()


def raw_big_endian(descr):
    """Whether raw bytes of 2 (bfloat16) are big-endian: a '>' before the
    type, also in a comma string ('() >V2'), whose order numpy drops."""
    m = re.match(r'([<>|=]?)\(\) *([<>|=]?)', descr)
    return (m.group(2) or m.group(1) if m else descr[:1]) == '>'


def escape(data):
    """The file field: see the module's doc."""
    def one(b):
        return chr(b) if 0x20 <= b < 0x7f and b != 0x5c else '\\x%02x' % b
    out = []
    i = 0
    while i < len(data):
        j = i + 1
        while j < len(data) and data[j] == data[i]:
            j += 1
        k = i + 2
        while k + 1 < len(data) and data[k:k + 2] == data[i:i + 2]:
            k += 2
        if j - i >= 6:
            out.append(one(data[i]) + '\\*%d;' % (j - i - 1))
            i = j
        elif (k - i) // 2 >= 4:
            out.append(one(data[i]) + one(data[i + 1]) + '\\=%d;' % ((k - i) // 2 - 1))
            i = k
        else:
            out.append(one(data[i]))
            i += 1
    return ''.join(out)


# {1 The catalogue}

SHAPES = [
    '(2, 3)', '(6,)', '(2,3,)', '(0x2, 0o3)', '(0X2, 0O3)', '(0b10, 3)', '(0B11, 2)', '(6_0,)',
    '(1_0,)', '(0x_2, 3)', '(0o_3, 2)', '(0b_1_1, 2)', '(2, 3L)', '(2L, 3L)', '(2 L, 3)',
    '(2L L, 3)', '(2LL, 3)', '(2l, 3)', '(0L, 3)', '(0x2L, 3)', '(2.L, 3)', '(+2, 3)', '(-2, -3)',
    '(-1, 6)', '(6, -1)', '(-0, 3)', '(-1, 0)', '(2, --3)', '(2, -(3))', '(2, +(+3))', '(02, 3)',
    '(00, 3)', '(0_0, 3)', '(0, 3)', '(3, 0)', '(0,)', '()', '( )', '(6)', '6', '[2, 3]', '{2, 3}',
    '(2.0, 3)', '(2e0, 3)', '(2., 3)', '(2j, 3)', '(2+0j, 3)', '(True, 3)', '(True, 6)',
    '(False,)', '(None,)', '(..., 3)', '((2), (3))', '((2, 3))', '(((2, 3)))', '(2, 3',
    '2, 3', '(2,, 3)', '(, )', '(,)', '(2 3)', '(2; 3)', '(2, 3)(', '(2, 3))',
    '(' + '1, ' * 64 + '6)', '(' + '1, ' * 63 + '6)', '(4611686018427387904, 0)',
    '(4611686018427387903, 0)', '(9223372036854775807, 0)', '(9223372036854775808, 0)',
    '(1152921504606846976, 0)', '(1152921504606846975, 0)',
    '(2, 3, 0)', '(1_000_000_000_000, 1_000_000_000_000)', '(4294967296, 4294967296)',
    '(0x7fffffffffffffff, 0x7fffffffffffffff)', '(2,\n3)', '(2,#c\n3)', '(2,\\\n3)',
    '( 2 , 3 )', '(\t2,\x0c3)', '(2,\r3)', '(2,\r\n3)', '(2, 3)#)', '(2, 3)\\\n',
    '(' + '0' * 40 + ', 3)', '(0' + '0' * 40 + '2, 3)', '(1__0,)', '(1_,)', '(_1,)', '(0x,)',
    '(0o8,)', '(0b2,)', '(0x1g,)', '(1e,)', '(1e+,)', '(1.5e3,)', '(1if 1 else 2,)',
    '(2, 3 if 1 else 4)', '(2, not 3)', '(2, 3)[0]', '(2, 3).count', '(2, 3,)', '(2**1, 3)',
    '(2*1, 3)', '(2, 3 + 0)', '(2, 3+0j)', '(2, x)', '(2, set())', '(2, 3) + ()', '(2, 0_6)',
    '(٢, 3)', '(2, ３)', '(\\\n2, 3)', '(2,\n\\\n3)', '(*(2, 3),)', '(2, 3 := 3)',
    '(2,' + ' ' * 9 + '3)', '(1' + '0' * 4299 + ', 0)', '(1' + '0' * 4300 + ', 0)',
    '(' + '0' * 4400 + ', 3)', '(0x1' + '0' * 100 + ', 0)',
]

DESCRS = [
    "'<f4'", '"<f4"', "'>f4'", "'=f4'", "'|f4'", "'f4'", "'float32'", "'<f8'", "'<f1'", "'<f16'",
    "'<F4'", "' <f4'", "'<f4 '", "'<f04'", "u'<f4'", "U'<f4'", "r'<f4'", "R'<f4'", "b'<f4'",
    "f'<f4'", "rb'<f4'", "br'<f4'", "ur'<f4'", "'<' 'f4'", "'<'\n'f4'", "'<' b'f4'", "'<' f'f4'",
    "'''<f4'''", '"""<f4"""', "'\\x3cf4'", "'\\74f4'", "'\\074f4'", "'\\u003cf4'", "'\\U0000003cf4'",
    "'\\<f4'", "'<f\\\n4'", "r'\\x3cf4'", "'\\x3g'", "'\\u003'", "'\\U00110000'", "'<f4\\n'",
    "[('', '<f4')]", "[('a', '<f4')]", "('<f4', (2,))", "('<f4', ())", "'<f4',", "None", "4", "'<V4'",
    "'<u4'", "'<i4'", "'>i4'", "'<c8'", "'<f2'", "'<i8'", "'<V2'", "'>V2'", "'|V1'", "'<u2'",
    "'<f4", "'<f4\"", "<f4", "'<f4'''", "'\\'<f4'", "'<f\x004'", "'<f\xe94'", "'\\xe9'",
    "{'<f4'}", "set()", "('<f4')", "((('<f4')))", "'<f4'[0]", "-'<f4'",
]

FORTRANS = ['False', 'True', '0', '1', "'False'", 'None', 'false', 'true', '(False)', '((True))',
            'not True', '[False]', 'False,', 'Fals', 'FALSE', '+True', 'True ', '\\\nTrue']


def dict_text(descr, fortran, shape, order=(0, 1, 2), trailing=', '):
    items = [("'descr'", descr), ("'fortran_order'", fortran), ("'shape'", shape)]
    return '{' + ', '.join('%s: %s' % items[i] for i in order) + trailing + '}'


def pad(text, version):
    """numpy's padding: spaces and a newline to a multiple of 64 bytes."""
    pre = 10 if version[0] == 1 else 12
    raw = text.encode('utf8' if version == (3, 0) else 'latin1', 'replace')
    return raw + b' ' * ((64 - (pre + len(raw) + 1) % 64) % 64) + b'\n'


def catalogue(bases):
    """(name, base index, file bytes)"""
    f4_version, f4_header, f4_data = split(bases[0][1])
    yield from ((name, i, data) for i, (name, data) in enumerate(bases))
    for i in (0, 2, 6):
        name, data = bases[i]
        for k in range(len(data)):
            yield '%s-cut%d' % (name, k), i, data[:k]
    for k in range(6):
        for b in (0x00, bases[0][1][k] ^ 0x01):
            d = bytearray(bases[0][1])
            d[k] = b
            yield 'magic%d-%02x' % (k, b), 0, bytes(d)
    for major, minor in [(0, 0), (1, 1), (2, 1), (3, 1), (4, 0), (255, 0), (1, 255), (0, 1), (2, 0), (3, 0)]:
        yield 'version%d.%d' % (major, minor), 0, assemble((major, minor), f4_header, f4_data)
    for i in (0, 1, 2):
        version, header, data = split(bases[i][1])
        n = len(header)
        for length in (n - 1, n + 1, 0, 1, n + len(data), n + len(data) + 1, 65535, 10000, 10001,
                       40000, 40001, 2**31, 2**32 - 1):
            yield '%s-length%d' % (bases[i][0], length), i, assemble(version, header, data, length)
    for v in ((1, 0), (2, 0), (3, 0)):
        vn = '%d' % v[0]
        for s in SHAPES:
            yield 'v%s-shape %s' % (vn, s[:40]), 0, assemble(v, pad(dict_text("'<f4'", 'False', s), v), f4_data)
        for d in DESCRS:
            yield 'v%s-descr %s' % (vn, d[:40]), 0, assemble(v, pad(dict_text(d, 'False', '(2, 3)'), v), f4_data)
        for order in BYTE_ORDERS if v == (1, 0) else []:
            for alias in ALIASES:
                d = order + alias
                # Enough elements for any size, booleans of 0 and 1.
                kind = ours(d) or ''
                data = bytes((i & 1) if kind == 'bool' else (i & 0x3f) for i in range(96))
                yield 'v1-alias %r' % d, 0, assemble(v, pad(dict_text(repr(d), 'False', '(2, 3)'), v), data)
        for d in COMMA_STRINGS if v == (3, 0) else []:
            kind = ours(d) or ''
            data = bytes((i & 1) if kind == 'bool' else (i & 0x3f) for i in range(96))
            yield 'v3-comma %r' % d, 0, assemble(v, pad(dict_text(repr(d), 'False', '(2, 3)'), v), data)
        for f in FORTRANS:
            yield 'v%s-fortran %s' % (vn, f), 0, assemble(v, pad(dict_text("'<f4'", f, '(2, 3)'), v), f4_data)
    good = ("'descr': '<f4'", "'fortran_order': False", "'shape': (2, 3)")
    dicts = {
        'order-102': dict_text("'<f4'", 'False', '(2, 3)', (1, 0, 2)),
        'order-210': dict_text("'<f4'", 'False', '(2, 3)', (2, 1, 0)),
        'no-trailing-comma': dict_text("'<f4'", 'False', '(2, 3)', trailing=''),
        'two-trailing-commas': dict_text("'<f4'", 'False', '(2, 3)', trailing=', ,'),
        'double-quotes': '{"descr": "<f4", "fortran_order": False, "shape": (2, 3)}',
        'no-descr': '{%s, %s}' % good[1:],
        'no-fortran': '{%s, %s}' % (good[0], good[2]),
        'no-shape': '{%s, %s}' % good[:2],
        'extra-key': '{%s, %s, %s, \'x\': 1}' % good,
        'extra-key-none': '{%s, %s, %s, None: 1}' % good,
        'dup-shape-good-last': '{%s, %s, \'shape\': [6], %s}' % good,
        'dup-shape-bad-last': '{%s, %s, %s, \'shape\': [6]}' % good,
        'dup-descr': "{'descr': '<i4', %s, %s, %s}" % good,
        'dup-shadowed-set': '{%s, %s, \'shape\': {1, 2}, %s}' % good,
        'dup-shadowed-unhashable': '{%s, %s, \'shape\': {[1]}, %s}' % good,
        'dup-shadowed-dict-key': '{%s, %s, \'shape\': {(1, [2]): 3}, %s}' % good,
        'dup-shadowed-hashable-tuple': '{%s, %s, \'shape\': {(1, (2,)): 3}, %s}' % good,
        'dup-shadowed-set-call': '{%s, %s, \'shape\': set(), %s}' % good,
        'dup-shadowed-paren-set-call': '{%s, %s, \'shape\': (set)(), %s}' % good,
        'dup-shadowed-set-arg': '{%s, %s, \'shape\': set([]), %s}' % good,
        'dup-shadowed-complex': '{%s, %s, \'shape\': -1.5-2j, %s}' % good,
        'dup-shadowed-complex-bad': '{%s, %s, \'shape\': 1+2j+3j, %s}' % good,
        'dup-shadowed-int-sum': '{%s, %s, \'shape\': 1+2, %s}' % good,
        'dup-shadowed-ellipsis': '{%s, %s, \'shape\': ..., %s}' % good,
        'dup-shadowed-bytes': '{%s, %s, \'shape\': b\'x\', %s}' % good,
        'dup-shadowed-fstring': '{%s, %s, \'shape\': f\'x\', %s}' % good,
        'dup-shadowed-name': '{%s, %s, \'shape\': x, %s}' % good,
        'dup-shadowed-none': '{%s, %s, \'shape\': None, %s}' % good,
        'dup-shadowed-neg-true': '{%s, %s, \'shape\': -True, %s}' % good,
        'dup-shadowed-nested': '{%s, %s, \'shape\': {\'a\': [1, (2, {3})]}, %s}' % good,
        'bytes-key': "{b'descr': '<f4', %s, %s}" % good[1:],
        'key-concat': "{'des' 'cr': '<f4', %s, %s}" % good[1:],
        'key-escape': "{'\\x64escr': '<f4', %s, %s}" % good[1:],
        'key-paren': "{('descr'): '<f4', %s, %s}" % good[1:],
        'key-upper': "{'Descr': '<f4', %s, %s}" % good[1:],
        'key-int': "{1: '<f4', %s, %s}" % good[1:],
        'key-unicode': "{'descr\u00e9': '<f4', %s, %s}" % good[1:],
        'paren-dict': '(%s)' % dict_text("'<f4'", 'False', '(2, 3)'),
        'tuple-dict': '%s,' % dict_text("'<f4'", 'False', '(2, 3)'),
        'list-dict': '[%s]' % dict_text("'<f4'", 'False', '(2, 3)'),
        'two-dicts': dict_text("'<f4'", 'False', '(2, 3)') * 2,
        'semicolon': dict_text("'<f4'", 'False', '(2, 3)') + ';',
        'call-dict': 'dict(descr="<f4", fortran_order=False, shape=(2, 3))',
        'set-braces': "{'descr', '<f4'}",
        'empty-dict': '{}',
        'empty': '',
        'spaces': '   ',
        'comment-only': '#c',
        'unclosed': dict_text("'<f4'", 'False', '(2, 3)')[:-1],
        'unopened': dict_text("'<f4'", 'False', '(2, 3)')[1:],
        'colon-missing': "{'descr' '<f4', %s, %s}" % good[1:],
        'walrus': "{'descr': (x := '<f4'), %s, %s}" % good[1:],
        'star-star': "{%s, %s, %s, **{}}" % good,
        'nested-%d' % 199: '{%s, %s, \'shape\': %s2, 3%s}' % (good[0], good[1], '(' * 199, ')' * 199),
        'nested-%d' % 200: '{%s, %s, \'shape\': %s2, 3%s}' % (good[0], good[1], '(' * 200, ')' * 200),
        'nested-%d' % 198: '{%s, %s, \'shape\': %s(2, 3)%s}' % (good[0], good[1], '(' * 198, ')' * 198),
        'nested-list-%d' % 199: '{%s, %s, \'shape\': (2, 3), \'shape\': %s%s}' % (
            good[0], good[1], '[' * 199, ']' * 199),
        'nested-list-%d' % 200: '{%s, %s, \'shape\': %s%s, \'shape\': (2, 3)}' % (
            good[0], good[1], '[' * 200, ']' * 200),
        'minus-chain': '{%s, %s, \'shape\': %s1, %s}' % (good[0], good[1], '-' * 3000, good[2]),
        'plus-chain': '{%s, %s, \'shape\': 1%s, %s}' % (good[0], good[1], '+1' * 2000, good[2]),
    }
    good_text = dict_text("'<f4'", 'False', '(2, 3)')
    layouts = {
        'lead-spaces': '  %s', 'lead-tab': '\t%s', 'lead-newline': '\n%s', 'lead-ff': '\x0c%s',
        'lead-ff-space': '\x0c %s', 'lead-space-ff': ' \x0c%s', 'lead-tab-ff-space': '\t\x0c %s',
        'lead-comment': '#c\n%s', 'lead-cont': '\\\n%s', 'lead-space-cont': ' \\\n%s',
        'lead-cont-space': '\\\n %s', 'lead-ff-cont': '\x0c\\\n%s', 'lead-ff-space-cont': '\x0c \\\n%s',
        'lead-newline-space': '\n %s', 'lead-newline-tab': '\n\t%s', 'lead-newline-ff': '\n\x0c%s',
        'lead-newline-ff-space': '\n\x0c %s', 'lead-newline-space-ff': '\n \x0c%s',
        'lead-blank-lines': '\n  \n\t\n%s', 'lead-comment-indented': '\n  #c\n%s',
        'lead-crlf': '\r\n%s', 'lead-cr': '\r%s', 'lead-comment-cr': '#c\r%s',
        'lead-comment-crlf-indent': '#c\r\n  %s', 'lead-nl-cr': '\n\r%s', 'lead-vt': '\x0b%s',
        'lead-bom': '\ufeff%s', 'lead-nbsp': '\xa0%s',
        'trail-newline': '%s\n', 'trail-spaces': '%s   ', 'trail-tab-nl': '%s\t\n',
        'trail-nl-spaces': '%s\n  ', 'trail-nl-spaces-nl': '%s\n  \n', 'trail-nl-ff': '%s\n\x0c',
        'trail-nl-space-ff': '%s\n \x0c', 'trail-comment': '%s #c', 'trail-nl-comment': '%s\n  #c',
        'trail-cont': '%s \\\n', 'trail-cont-nl': '%s\\\n\n', 'trail-cont-comment': '%s \\\n #c',
        'trail-backslash': '%s\\', 'trail-nl-backslash': '%s\n\\', 'trail-nl-cont-nl': '%s\n\\\n\n',
        'trail-comment-backslash': '%s#c\\', 'trail-cr': '%s\r', 'trail-crs': '%s\r\r\r',
        'trail-crlf': '%s\r\n', 'trail-nl-1': '%s\n 1', 'trail-nl-dict': '%s\n%s',
        'trail-comment-nul': '%s#\x00', 'trail-comment-latin1': '%s#\xe9\xff',
        'trail-nul': '%s\x00', 'trail-vt': '%s\x0b', 'trail-ff': '%s\x0c',
        'inner-newlines': None, 'inner-comments': None, 'inner-conts': None, 'inner-crs': None,
        'inner-ffs': None, 'inner-vt': None,
    }
    inner = {
        'inner-newlines': good_text.replace(', ', ',\n  '),
        'inner-comments': good_text.replace(', ', ', # a comment\n'),
        'inner-conts': good_text.replace(', ', ', \\\n'),
        'inner-crs': good_text.replace(', ', ',\r'),
        'inner-ffs': good_text.replace(', ', ',\x0c'),
        'inner-vt': good_text.replace(', ', ',\x0b'),
    }
    for v in ((1, 0), (2, 0), (3, 0)):
        for name, text in dicts.items():
            yield 'v%d-%s' % (v[0], name), 0, assemble(v, pad(text, v), f4_data)
        for shape in ('(2, 3)', '(2L, 3)'):
            for name, form in layouts.items():
                text = good_text.replace('(2, 3)', shape)
                text = inner[name].replace('(2, 3)', shape) if form is None else (
                    form % ((text, text) if form.count('%s') == 2 else text))
                yield 'v%d-%s-%s' % (v[0], name, shape), 0, assemble(
                    v, text.encode('utf8' if v == (3, 0) else 'latin1', 'replace'), f4_data)
        # The header's length in characters and bytes.
        for chars in (max_chars - 1 for max_chars in (10000, 10001, 10002)):
            text = good_text + ' ' * (chars - len(good_text)) + '\n'
            yield 'v%d-chars%d' % (v[0], len(text)), 0, assemble(v, text.encode(), f4_data)
        if v == (3, 0):
            for chars in (9999, 10000, 10001):
                comment = '#' + '\u00e9' * (chars - len(good_text) - 2) + '\n'
                text = good_text + comment
                yield 'v3-utf8-chars%d' % len(text), 0, assemble(v, text.encode(), f4_data)
            for name, raw in (('bad-utf8', b'#\xff\n'), ('surrogate', b'#\xed\xa0\x80\n'),
                              ('overlong', b'#\xc0\xaf\n'), ('truncated', b'#\xe9'),
                              ('past-10ffff', b'#\xf4\x90\x80\x80\n'), ('4-byte', b'#\xf0\x9f\x98\x80\n')):
                yield 'v3-%s' % name, 0, assemble(v, good_text.encode() + raw, f4_data)
            yield 'v3-descr-e-acute', 0, assemble(v, dict_text("'<f4\u00e9'", 'False', '(2, 3)').encode(), f4_data)
    for extra in (-1, 0, 5):
        data = f4_data[:len(f4_data) + extra] if extra < 0 else f4_data + b'\xab' * extra
        yield 'data%+d' % extra, 0, assemble(f4_version, f4_header, data)
    yield 'escape-N', 0, assemble((1, 0), pad(dict_text("'\\N{LESS-THAN SIGN}f4'", 'False', '(2, 3)'), (1, 0)), f4_data)


# {1 Random mutations}

SNIPPETS = [
    ' ', '\t', '\x0c', '\n', '\r', '\\', '#', "'", '"', ',', ':', '(', ')', '[', ']', '{', '}',
    '+', '-', '.', '_', '0', '1', '2', '7', '8', '9', 'L', 'j', 'e', 'x', 'o', 'b', 'r', 'u', 'f',
    'T', '\x0b', '\xe9', 'True', 'False', 'None', '...', '0x', '0o', '0b', '1_0', 'L ', "u'", "b'",
    "r'", "'''", '"""', '\\x3c', 'set()', "'descr': '<f4', ", "'shape': (6,), ",
    "'fortran_order': True, ", "'x': 1, ", '\\\n', '\r\n', '#c\n', '9999999999999999999', '()',
    ',)', '(', '-1', '0_0', '00', 'L,', '<f4', '>i2', "'<f8'", ' L',
]


def mutate(rng, text):
    for _ in range(rng.choice((1, 1, 2, 3))):
        n = len(text)
        i = rng.randrange(n + 1)
        op = rng.randrange(5)
        if op == 0 or n == 0:
            text = text[:i] + rng.choice(SNIPPETS) + text[i:]
        elif op == 1:
            text = text[:i] + text[i + rng.randint(1, 4):]
        elif op == 2:
            text = text[:i] + rng.choice(SNIPPETS) + text[i + 1:]
        elif op == 3:
            j = rng.randrange(n + 1)
            a, b = sorted((i, j))
            k = rng.randrange(n + 1)
            text = text[:k] + text[a:b][:12] + text[k:]
        else:
            j = min(n, i + rng.randint(1, 6))
            text = text[:i] + text[i:j][::-1] + text[j:]
    return text


def mutations(bases, rng, count):
    for k in range(count):
        i = rng.randrange(len(bases))
        version, header, data = split(bases[i][1])
        text = header.decode('latin1').rstrip(' \n')
        text = mutate(rng, text)
        if rng.random() < 0.1:
            version = rng.choice(((1, 0), (2, 0), (3, 0)))
        raw = text.encode('utf8' if version == (3, 0) else 'latin1')
        if rng.random() < 0.7:
            raw += b' ' * rng.randrange(8) + b'\n'
        length = None if rng.random() < 0.9 else len(header)
        yield 'mutation%d' % k, i, assemble(version, raw, data, length)


# {1 Random rewrites}

# What may stand between two tokens, inside brackets.
GAPS = ['', '', '', ' ', ' ', '  ', '\t', '\x0c', '\n', '#c\n', '\\\n', '\r\n', ' # c \n ', '\n\n',
        '\\\n\t', '\r', '\x0b']
# Values for a key given twice: the first is replaced, but must be a literal.
SHADOWED = ['set()', '(set)()', '1+2j', '-1.5', '-1.5-2j', 'None', '...', "b'x'", '[1, (2,)]',
            '{1: 2}', '{(1, 2): 3}', '{[1]: 2}', "f'x'", '-True', 'x', '1+2', '{1, (2, [3])}',
            '()', "'a' 'b'", "r'\\N{x}'", '0x_1', '1_000', '--1', '+(1)']


def spell_int(rng, n):
    forms = [str(n)] * 6 + [
        hex(n), oct(n), bin(n), '0X%X' % n, '0_0' if n == 0 else '_'.join(str(n)),
        '+%d' % n, '(%d)' % n, '((%d))' % n, '0x_%x' % n, '%dL' % n, '%d L' % n, '%dLL' % n,
        '0%d' % n, '%d.0' % n, '-%d' % n, '-0' if n == 0 else '--%d' % n, '%d_' % n, '1__0',
        str(n) + 'j', '0' * rng.randint(1, 3) + ('' if n == 0 else str(n)),
        'True' if n == 1 else str(n)]
    return rng.choice(forms)


def spell_str(rng, s):
    c = rng.randrange(len(s))
    a, b, x = s[:c], s[c + 1:], ord(s[c])
    forms = ["'%s'" % s] * 6 + [
        '"%s"' % s, "u'%s'" % s, "U'%s'" % s, "r'%s'" % s, "'''%s'''" % s, '"""%s"""' % s,
        "'%s' '%s'" % (a, s[c:]), "'%s'\n'%s'" % (a, s[c:]), "'%s\\\n%s'" % (a, s[c:]),
        "'%s\\x%02x%s'" % (a, x, b), "'%s\\u%04x%s'" % (a, x, b), "'%s\\%03o%s'" % (a, x, b),
        "'%s\\U%08x%s'" % (a, x, b), "b'%s'" % s, "f'%s'" % s, "rb'%s'" % s,
        "'%s' b'%s'" % (a, s[c:]), "('%s')" % s, "'%s\\%s'" % (a, s[c:]), "'%s'%s'" % (a, s[c:]),
        "'%s " % s, "ur'%s'" % s]
    return rng.choice(forms)


def rewrite(rng, descr, fortran, shape):
    def gap():
        return rng.choice(GAPS) if rng.random() < 0.25 else ''
    dims = [spell_int(rng, n) for n in shape]
    if len(dims) == 1 and rng.random() < 0.8:
        tup = '(' + gap() + dims[0] + gap() + ',' + gap() + ')'
    else:
        tup = ('(' + gap() + (gap() + ',' + gap()).join(dims) + gap()
               + (',' if rng.random() < 0.3 else '') + gap() + ')')
    fort = 'True' if fortran else 'False'
    if rng.random() < 0.15:
        fort = rng.choice(['(%s)' % fort, str(int(fortran)), "'%s'" % fort, fort.lower(), 'None'])
    items = [(spell_str(rng, 'descr') if rng.random() < 0.3 else "'descr'",
              spell_str(rng, descr) if rng.random() < 0.4 else "'%s'" % descr),
             (spell_str(rng, 'fortran_order') if rng.random() < 0.2 else "'fortran_order'", fort),
             (spell_str(rng, 'shape') if rng.random() < 0.2 else "'shape'", tup)]
    rng.shuffle(items)
    if rng.random() < 0.3:
        k = rng.randrange(3)
        items.insert(rng.randrange(k + 1), (items[k][0], rng.choice(SHADOWED)))
    body = (gap() + ',' + gap()).join(k + gap() + ':' + gap() + v for k, v in items)
    text = '{' + gap() + body + gap() + (',' if rng.random() < 0.5 else '') + gap() + '}'
    if rng.random() < 0.1:
        text = rng.choice(['  ', '\t', '\n', '\x0c', '#c\n', '\\\n', '\n ', '\x0c ', '\r\n']) + text
    if rng.random() < 0.3:
        text += rng.choice(['\n', ' ' * rng.randrange(60) + '\n', '  ', '\n  ', ' #c', '\\\n\n',
                            '\r\n', '\r'])
    return text


def rewrites(bases, arrays, rng, count):
    for k in range(count):
        i = rng.randrange(len(bases))
        version, header, data = split(bases[i][1])
        d = header_dict(version, header)
        text = rewrite(rng, d['descr'], d['fortran_order'], d['shape'])
        yield 'rewrite%d' % k, i, assemble(
            version, text.encode('utf8' if version == (3, 0) else 'latin1'), data)


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1200
    rng = random.Random(seed)
    arrays = base_arrays()
    bases = [(name, npy_bytes(a, v)) for name, a, v in arrays]
    base_dtypes = [DTYPES[(a.dtype.kind, a.dtype.itemsize)] for _, a, _ in arrays]
    print('# .npy files and numpy %s\'s verdicts (python %s): generated by test/cli/gen_npy_cases.py %d %d,'
          % (np.__version__, sys.version.split()[0], seed, count))
    print('# do not edit. Fields: name, verdict, dtype, file, elements (see the script).')
    seen = set()
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        cases = (list(catalogue(bases)) + list(mutations(bases, rng, count))
                 + list(rewrites(bases, arrays, rng, count)))
        for name, i, data in cases:
            if data in seen:
                continue
            seen.add(data)
            v, dtype, raw = verdict(data, base_dtypes[i], tmp)
            counts[v] = counts.get(v, 0) + 1
            print('\t'.join((escape(name.encode('utf8', 'replace')), v, dtype, escape(data), raw)))
    print('# %s' % ', '.join('%s %d' % kv for kv in sorted(counts.items())), file=sys.stderr)


if __name__ == '__main__':
    main()
