(* Inflate: the decoder of DEFLATE streams (RFC 1951), for the deflated
   members of zip archives. It reads a compressed stream from a buffer
   (a mapped file) and gives its output in pieces, keeping the 32 KiB the
   format may refer back to and no more; it checks the stream as zlib's
   inflate does, and that it ends exactly where its bytes end and makes
   exactly the bytes announced. *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

exception Bad of string

let bad fmt = Printf.ksprintf (fun s -> raise (Bad s)) fmt

(* The format's tables: the bases and extra bits of lengths (symbols 257 to
   285) and distances (0 to 29), and the order of the code length code's
   lengths in a dynamic block's header. *)
let length_base =
  [| 3; 4; 5; 6; 7; 8; 9; 10; 11; 13; 15; 17; 19; 23; 27; 31; 35; 43; 51; 59; 67; 83; 99;
     115; 131; 163; 195; 227; 258 |]

let length_extra =
  [| 0; 0; 0; 0; 0; 0; 0; 0; 1; 1; 1; 1; 2; 2; 2; 2; 3; 3; 3; 3; 4; 4; 4; 4; 5; 5; 5; 5; 0 |]

let dist_base =
  [| 1; 2; 3; 4; 5; 7; 9; 13; 17; 25; 33; 49; 65; 97; 129; 193; 257; 385; 513; 769; 1025;
     1537; 2049; 3073; 4097; 6145; 8193; 12289; 16385; 24577 |]

let dist_extra =
  [| 0; 0; 0; 0; 1; 1; 2; 2; 3; 3; 4; 4; 5; 5; 6; 6; 7; 7; 8; 8; 9; 9; 10; 10; 11; 11; 12;
     12; 13; 13 |]

let code_length_order = [| 16; 17; 18; 0; 8; 7; 9; 6; 10; 5; 11; 4; 12; 3; 13; 2; 14; 1; 15 |]
let max_bits = 15
let window = 32768
let max_match = 258

(* A decoding table: indexed by the next [bits] bits of the stream (the
   first bit lowest), each entry [symbol lsl 4 lor length], or 0 where no
   code begins with those bits. *)
type table = { bits : int; entries : int array }

let reverse code len =
  let r = ref 0 in
  for i = 0 to len - 1 do
    if code land (1 lsl i) <> 0 then r := !r lor (1 lsl (len - 1 - i))
  done;
  !r

(* The canonical code of [lengths] (0: no code), as zlib accepts it: never
   over-subscribed, and incomplete only for a single code of one bit. *)
let table what lengths =
  let count = Array.make (max_bits + 1) 0 in
  Array.iter (fun l -> count.(l) <- count.(l) + 1) lengths;
  count.(0) <- 0;
  let longest = ref 0 in
  Array.iteri (fun l c -> if c > 0 then longest := l) count;
  let left = ref 1 in
  for l = 1 to max_bits do
    left := (!left * 2) - count.(l);
    if !left < 0 then bad "an over-subscribed %s code" what
  done;
  if !left > 0 && !longest > 1 then bad "an incomplete %s code" what;
  let bits = max 1 !longest in
  let entries = Array.make (1 lsl bits) 0 in
  let next = Array.make (max_bits + 2) 0 in
  let code = ref 0 in
  for l = 1 to max_bits do
    code := (!code + count.(l - 1)) lsl 1;
    next.(l) <- !code
  done;
  Array.iteri
    (fun sym l ->
      if l > 0 then begin
        let r = reverse next.(l) l in
        next.(l) <- next.(l) + 1;
        let step = 1 lsl l in
        let i = ref r in
        while !i < 1 lsl bits do
          entries.(!i) <- (sym lsl 4) lor l;
          i := !i + step
        done
      end)
    lengths;
  { bits; entries }

(* The fixed codes, built at start-up: a lazy value is not for domains. *)
let fixed_lit =
  table "literal/length"
    (Array.init 288 (fun s -> if s < 144 then 8 else if s < 256 then 9 else if s < 280 then 7 else 8))

let fixed_dist = table "distance" (Array.make 32 5)

(* The decoder's state: the input bytes [pos, stop) not yet in [bitbuf],
   which holds [bitcnt] bits, and the output buffer [out]: [out_pos] bytes,
   those before [flushed] already given. [total] counts the bytes given
   and [padded] the zero bytes read past the input's end. *)
type t = {
  src : buffer;
  start : int;
  stop : int;
  mutable pos : int;
  mutable bitbuf : int;
  mutable bitcnt : int;
  mutable padded : int;
  out : Bytes.t;
  mutable out_pos : int;
  mutable flushed : int;
  mutable total : int;
  expect : int;
  emit : Bytes.t -> int -> int -> unit;
}

let truncated () = bad "the stream ends before its last block does"

(* At least 48 bits in [bitbuf] (zeros past the input's end, counted). *)
let refill d =
  while d.bitcnt <= 48 do
    let c =
      if d.pos < d.stop then Char.code (Bigarray.Array1.unsafe_get d.src d.pos)
      else begin
        d.padded <- d.padded + 1;
        if d.padded > 16 then truncated ();
        0
      end
    in
    d.pos <- d.pos + 1;
    d.bitbuf <- d.bitbuf lor (c lsl d.bitcnt);
    d.bitcnt <- d.bitcnt + 8
  done

let bits d n =
  if d.bitcnt < n then refill d;
  let v = d.bitbuf land ((1 lsl n) - 1) in
  d.bitbuf <- d.bitbuf lsr n;
  d.bitcnt <- d.bitcnt - n;
  v

let decode d t what =
  if d.bitcnt < max_bits then refill d;
  let e = Array.unsafe_get t.entries (d.bitbuf land ((1 lsl t.bits) - 1)) in
  let l = e land 15 in
  if l = 0 then bad "a bit sequence that is no %s code" what;
  d.bitbuf <- d.bitbuf lsr l;
  d.bitcnt <- d.bitcnt - l;
  e lsr 4

(* The bytes consumed from the input so far. *)
let consumed d = d.pos - d.start - (d.bitcnt / 8)

(* Gives the output not yet given, then keeps the last window of it. *)
let flush d =
  let n = d.out_pos - d.flushed in
  if n > d.expect - d.total then
    bad "it makes more than the %d bytes announced" d.expect;
  if n > 0 then d.emit d.out d.flushed n;
  d.total <- d.total + n;
  if d.out_pos > window then begin
    Bytes.blit d.out (d.out_pos - window) d.out 0 window;
    d.out_pos <- window
  end;
  d.flushed <- d.out_pos

let room d = if d.out_pos > Bytes.length d.out - max_match then flush d

let stored d =
  (* To a byte boundary, then the length and its complement. *)
  ignore (bits d (d.bitcnt land 7));
  let len = bits d 16 in
  let nlen = bits d 16 in
  if len lxor nlen <> 0xffff then bad "a stored block whose length %d is not the complement of %d" len nlen;
  (* The bytes still in bitbuf first, then straight from the input. *)
  let left = ref len in
  while !left > 0 && d.bitcnt > 0 do
    room d;
    Bytes.unsafe_set d.out d.out_pos (Char.unsafe_chr (bits d 8));
    d.out_pos <- d.out_pos + 1;
    decr left
  done;
  if !left > 0 && d.pos + !left > d.stop then truncated ();
  while !left > 0 do
    room d;
    let k = min !left (Bytes.length d.out - d.out_pos) in
    for i = 0 to k - 1 do
      Bytes.unsafe_set d.out (d.out_pos + i) (Bigarray.Array1.unsafe_get d.src (d.pos + i))
    done;
    d.pos <- d.pos + k;
    d.out_pos <- d.out_pos + k;
    left := !left - k
  done

(* The symbols of a block, up to its end. The hot loop: the decoder's
   state is in local variables here, written back before [flush] and at
   the end. One refill gives at least 48 bits, enough for a length's code
   and extra bits and a distance's (15 + 5 + 15 + 13). *)
let codes d lit dist =
  let src = d.src and stop = d.stop and out = d.out in
  let room = Bytes.length out - max_match in
  let lmask = (1 lsl lit.bits) - 1 and lents = lit.entries in
  let dmask = (1 lsl dist.bits) - 1 and dents = dist.entries in
  let bb = ref d.bitbuf and bc = ref d.bitcnt and pos = ref d.pos and op = ref d.out_pos in
  let fin = ref false in
  while not !fin do
    if !op > room then begin
      d.out_pos <- !op;
      flush d;
      op := d.out_pos
    end;
    while !bc <= 48 do
      let c =
        if !pos < stop then Char.code (Bigarray.Array1.unsafe_get src !pos)
        else begin
          d.padded <- d.padded + 1;
          if d.padded > 16 then truncated ();
          0
        end
      in
      incr pos;
      bb := !bb lor (c lsl !bc);
      bc := !bc + 8
    done;
    let e = Array.unsafe_get lents (!bb land lmask) in
    let l = e land 15 in
    if l = 0 then bad "a bit sequence that is no literal/length code";
    bb := !bb lsr l;
    bc := !bc - l;
    let sym = e lsr 4 in
    if sym < 256 then begin
      Bytes.unsafe_set out !op (Char.unsafe_chr sym);
      incr op
    end
    else if sym = 256 then fin := true
    else begin
      (* The length's extra bits, the distance's code and extra bits, in
         turn from [b], then consumed at once. *)
      let s = sym - 257 in
      if s >= 29 then bad "the invalid length symbol %d" sym;
      let b = !bb and lx = Array.unsafe_get length_extra s in
      let len = Array.unsafe_get length_base s + (b land ((1 lsl lx) - 1)) in
      let b = b lsr lx in
      let e = Array.unsafe_get dents (b land dmask) in
      let dl = e land 15 and ds = e lsr 4 in
      if dl = 0 then bad "a bit sequence that is no distance code";
      if ds >= 30 then bad "the invalid distance symbol %d" ds;
      let b = b lsr dl and dx = Array.unsafe_get dist_extra ds in
      let dst = Array.unsafe_get dist_base ds + (b land ((1 lsl dx) - 1)) in
      bb := b lsr dx;
      bc := !bc - lx - dl - dx;
      let o = !op in
      if dst > d.total + o - d.flushed then
        bad "a distance of %d bytes, past the start of the output" dst;
      if dst >= len then Bytes.blit out (o - dst) out o len
      else
        for i = 0 to len - 1 do
          Bytes.unsafe_set out (o + i) (Bytes.unsafe_get out (o + i - dst))
        done;
      op := o + len
    end
  done;
  d.bitbuf <- !bb;
  d.bitcnt <- !bc;
  d.pos <- !pos;
  d.out_pos <- !op

let dynamic d =
  let hlit = bits d 5 + 257 in
  let hdist = bits d 5 + 1 in
  let hclen = bits d 4 + 4 in
  if hlit > 286 then bad "%d literal/length codes, more than 286" hlit;
  if hdist > 30 then bad "%d distance codes, more than 30" hdist;
  let cl = Array.make 19 0 in
  for i = 0 to hclen - 1 do
    cl.(code_length_order.(i)) <- bits d 3
  done;
  let clt = table "code length" cl in
  let lengths = Array.make (hlit + hdist) 0 in
  let i = ref 0 in
  while !i < hlit + hdist do
    let sym = decode d clt "code length" in
    let repeat v n =
      if !i + n > hlit + hdist then bad "code lengths repeated past the last code";
      Array.fill lengths !i n v;
      i := !i + n
    in
    if sym < 16 then (lengths.(!i) <- sym; incr i)
    else if sym = 16 then begin
      if !i = 0 then bad "a code length repeated before the first";
      repeat lengths.(!i - 1) (3 + bits d 2)
    end
    else if sym = 17 then repeat 0 (3 + bits d 3)
    else repeat 0 (11 + bits d 7)
  done;
  if lengths.(256) = 0 then bad "no code for the end of a block";
  let lit = table "literal/length" (Array.sub lengths 0 hlit) in
  let dist = table "distance" (Array.sub lengths hlit hdist) in
  codes d lit dist

(* [run src off len ~expect ~emit] decodes the stream in the bytes [off,
   off + len) of [src], calling [emit b o n] on each piece [o, o + n) of
   [b] of the output (valid only during the call). It is [Error msg] if
   the stream is malformed, does not end exactly at [off + len], or makes
   other than [expect] bytes. *)
let run src off len ~expect ~emit =
  if off < 0 || len < 0 || off > Bigarray.Array1.dim src - len then invalid_arg "Inflate.run";
  let d =
    { src; start = off; stop = off + len; pos = off; bitbuf = 0; bitcnt = 0; padded = 0;
      out = Bytes.create (1 lsl 18); out_pos = 0; flushed = 0; total = 0; expect; emit }
  in
  match
    let last = ref false in
    while not !last do
      last := bits d 1 = 1;
      (match bits d 2 with
       | 0 -> stored d
       | 1 -> codes d fixed_lit fixed_dist
       | 2 -> dynamic d
       | _ -> bad "a block of the reserved type 3");
      if consumed d > len then truncated ()
    done;
    flush d;
    let used = consumed d in
    if used < len then bad "it ends at byte %d of its %d" used len;
    if d.total < expect then
      bad "it makes %d bytes, fewer than the %d announced" d.total expect
  with
  | () -> Ok ()
  | exception Bad m -> Error ("bad deflate stream: " ^ m)
