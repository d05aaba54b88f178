(* Deflate: an encoder of DEFLATE streams (RFC 1951), for the deflated
   members of the .npz archives this library writes. Greedy LZ77 over a
   32 KiB window (3-byte hashes, chains of bounded length), then each block
   of at most 16 Ki symbols coded in whichever of the three block types is
   shortest: stored, the fixed codes, or codes built for the block
   (Huffman, lengths limited to 15 bits). A block is never longer than its
   bytes stored plus 5 bytes per 65,535 (see [bound]). *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

let wsize = 32768
let wmask = wsize - 1
let min_match = 3
let max_match = 258

(* Bytes kept ahead of the current position, so that a match can be as
   long as the format allows (zlib's MIN_LOOKAHEAD). *)
let min_lookahead = max_match + min_match + 1

let hash_bits = 15
let max_chain = 16
let nice_length = 128

let block_symbols = 16384
let max_stored = 65535

(* The most bytes a stream of [n] input bytes takes: every block could be
   stored, at 5 bytes of header per 65,535 bytes and per block end. *)
let bound n = n + (5 * ((n / 8192) + 2)) + 8

(* {1 Output bits} *)

type out = {
  buf : Bytes.t;
  mutable len : int;
  mutable bits : int;  (* pending bits, the first lowest *)
  mutable nbits : int;
  emit : Bytes.t -> int -> int -> unit;
}

let drain o =
  if o.len > 0 then o.emit o.buf 0 o.len;
  o.len <- 0

let put_byte o c =
  if o.len = Bytes.length o.buf then drain o;
  Bytes.unsafe_set o.buf o.len (Char.unsafe_chr c);
  o.len <- o.len + 1

(* [put o v n] writes the [n] low bits of [v], [n] at most 24. *)
let put o v n =
  o.bits <- o.bits lor (v lsl o.nbits);
  o.nbits <- o.nbits + n;
  while o.nbits >= 8 do
    put_byte o (o.bits land 0xff);
    o.bits <- o.bits lsr 8;
    o.nbits <- o.nbits - 8
  done

let align o = if o.nbits > 0 then put o 0 (8 - o.nbits)

(* {1 Codes} *)

let length_base = Inflate.length_base
let length_extra = Inflate.length_extra
let dist_base = Inflate.dist_base
let dist_extra = Inflate.dist_extra

(* The symbol (0 to 28, plus 257) of each length 3 to 258, and of each
   distance 1 to 32768. *)
let length_code =
  let t = Array.make (max_match + 1) 0 in
  Array.iteri
    (fun s base ->
      for l = base to min max_match (base + (1 lsl length_extra.(s)) - 1) do t.(l) <- s done)
    length_base;
  t.(max_match) <- 28;
  t

let dist_code =
  let t = Array.make (wsize + 1) 0 in
  Array.iteri
    (fun s base -> for d = base to min wsize (base + (1 lsl dist_extra.(s)) - 1) do t.(d) <- s done)
    dist_base;
  t

(* Code lengths limited to [limit] bits, by Huffman's construction on the
   symbols that occur, then, if some are too long, moving leaves as JPEG's
   Annex K.3 does; the shortest codes go to the commonest symbols. *)
let code_lengths freqs limit =
  let n = Array.length freqs in
  let lengths = Array.make n 0 in
  let used = List.filter (fun s -> freqs.(s) > 0) (List.init n Fun.id) in
  (match used with
   | [] -> ()
   | [ s ] -> lengths.(s) <- 1
   | _ ->
       let leaves = Array.of_list used in
       Array.stable_sort (fun a b -> Int.compare freqs.(a) freqs.(b)) leaves;
       let m = Array.length leaves in
       (* Nodes 0 .. m-1 are the leaves, m .. 2m-2 the internal nodes,
          made in order of weight: two queues suffice. *)
       let weight = Array.make ((2 * m) - 1) 0 and parent = Array.make ((2 * m) - 1) (-1) in
       Array.iteri (fun i s -> weight.(i) <- freqs.(s)) leaves;
       let li = ref 0 and ni = ref m in
       let take next_internal =
         if !li < m && (!ni >= next_internal || weight.(!li) <= weight.(!ni)) then (incr li; !li - 1)
         else (incr ni; !ni - 1)
       in
       for k = m to (2 * m) - 2 do
         let a = take k in
         let b = take k in
         weight.(k) <- weight.(a) + weight.(b);
         parent.(a) <- k;
         parent.(b) <- k
       done;
       let depth = Array.make ((2 * m) - 1) 0 in
       for k = (2 * m) - 3 downto 0 do depth.(k) <- depth.(parent.(k)) + 1 done;
       let maxd = ref 0 in
       for i = 0 to m - 1 do maxd := max !maxd depth.(i) done;
       let count = Array.make (max !maxd limit + 1) 0 in
       for i = 0 to m - 1 do count.(depth.(i)) <- count.(depth.(i)) + 1 done;
       for i = !maxd downto limit + 1 do
         while count.(i) > 0 do
           let j = ref (i - 2) in
           while count.(!j) = 0 do decr j done;
           count.(i) <- count.(i) - 2;
           count.(i - 1) <- count.(i - 1) + 1;
           count.(!j + 1) <- count.(!j + 1) + 2;
           count.(!j) <- count.(!j) - 1
         done
       done;
       (* The commonest symbol first gets the shortest length. *)
       let k = ref (m - 1) in
       for l = 1 to limit do
         for _ = 1 to count.(l) do
           lengths.(leaves.(!k)) <- l;
           decr k
         done
       done);
  lengths

(* The canonical codes of [lengths], bit-reversed for writing first bit
   lowest. *)
let codes_of lengths =
  let count = Array.make 16 0 in
  Array.iter (fun l -> if l > 0 then count.(l) <- count.(l) + 1) lengths;
  let next = Array.make 16 0 in
  let code = ref 0 in
  for l = 1 to 15 do
    code := (!code + count.(l - 1)) lsl 1;
    next.(l) <- !code
  done;
  Array.map
    (fun l ->
      if l = 0 then 0
      else begin
        let c = next.(l) in
        next.(l) <- c + 1;
        Inflate.reverse c l
      end)
    lengths

let fixed_lit_lengths =
  Array.init 288 (fun s -> if s < 144 then 8 else if s < 256 then 9 else if s < 280 then 7 else 8)

let fixed_lit_codes = codes_of fixed_lit_lengths
let fixed_dist_lengths = Array.make 30 5
let fixed_dist_codes = codes_of fixed_dist_lengths

(* The code length sequence of a dynamic header, run-length coded: each
   item a code length symbol 0 to 18 and its extra bits' value. *)
let run_lengths seq =
  let items = ref [] in
  let add sym extra = items := (sym, extra) :: !items in
  let n = Array.length seq in
  let i = ref 0 in
  while !i < n do
    let v = seq.(!i) in
    let run = ref 1 in
    while !i + !run < n && seq.(!i + !run) = v do incr run done;
    let left = ref !run in
    if v = 0 then begin
      while !left >= 11 do
        let k = min !left 138 in
        add 18 (k - 11);
        left := !left - k
      done;
      if !left >= 3 then (add 17 (!left - 3); left := 0)
    end
    else begin
      add v 0;
      decr left;
      while !left >= 3 do
        let k = min !left 6 in
        add 16 (k - 3);
        left := !left - k
      done
    end;
    for _ = 1 to !left do add v 0 done;
    i := !i + !run
  done;
  List.rev !items

let cl_extra_bits = function 16 -> 2 | 17 -> 3 | 18 -> 7 | _ -> 0

(* {1 The encoder} *)

type t = {
  win : Bytes.t;  (* two windows: the older one, and the bytes ahead *)
  mutable strstart : int;
  mutable lookahead : int;
  mutable block_start : int;
  head : int array;  (* the latest position of each hash, or -1 *)
  prev : int array;  (* the previous position of the same hash, by position land wmask *)
  sym_len : int array;  (* a literal byte, or a match's length *)
  sym_dist : int array;  (* 0 for a literal, or a match's distance *)
  mutable nsym : int;
  o : out;
  mutable finished : bool;
}

let create ~emit =
  {
    win = Bytes.create (2 * wsize);
    strstart = 0;
    lookahead = 0;
    block_start = 0;
    head = Array.make (1 lsl hash_bits) (-1);
    prev = Array.make wsize (-1);
    sym_len = Array.make block_symbols 0;
    sym_dist = Array.make block_symbols 0;
    nsym = 0;
    o = { buf = Bytes.create 65536; len = 0; bits = 0; nbits = 0; emit };
    finished = false;
  }

let hash w i =
  let v =
    Char.code (Bytes.unsafe_get w i)
    lor (Char.code (Bytes.unsafe_get w (i + 1)) lsl 8)
    lor (Char.code (Bytes.unsafe_get w (i + 2)) lsl 16)
  in
  ((v * 0x9E3779B1) lsr (32 - hash_bits)) land ((1 lsl hash_bits) - 1)

let insert e i =
  let h = hash e.win i in
  let cand = e.head.(h) in
  e.prev.(i land wmask) <- cand;
  e.head.(h) <- i;
  cand

(* The length of the common prefix of the bytes at [a] and [b], at most
   [limit]. *)
let common w a b limit =
  let n = ref 0 in
  while !n + 8 <= limit && Int64.equal (Bytes.get_int64_le w (a + !n)) (Bytes.get_int64_le w (b + !n)) do
    n := !n + 8
  done;
  while !n < limit && Bytes.unsafe_get w (a + !n) = Bytes.unsafe_get w (b + !n) do incr n done;
  !n

(* The longest match of the bytes at [strstart] among the chain from
   [cand]: its length (0 if under [min_match]) and distance. *)
let longest e cand =
  let limit = min max_match e.lookahead in
  let s = e.strstart in
  let best = ref 0 and best_dist = ref 0 in
  let c = ref cand and chain = ref max_chain in
  while !c >= 0 && s - !c <= wsize && !chain > 0 && !best < nice_length && !best < limit do
    let p = !c in
    if Bytes.unsafe_get e.win (p + !best) = Bytes.unsafe_get e.win (s + !best) || !best = 0
    then begin
      let l = common e.win p s limit in
      if l > !best then (best := l; best_dist := s - p)
    end;
    let nxt = e.prev.(p land wmask) in
    c := if nxt < p then nxt else -1;
    decr chain
  done;
  if !best >= min_match then (!best, !best_dist) else (0, 0)

(* {2 Blocks} *)

let write_codes o sym_len sym_dist nsym lit_codes lit_lengths dist_codes dist_lengths =
  for i = 0 to nsym - 1 do
    let d = sym_dist.(i) in
    if d = 0 then begin
      let c = sym_len.(i) in
      put o lit_codes.(c) lit_lengths.(c)
    end
    else begin
      let l = sym_len.(i) in
      let s = length_code.(l) in
      put o lit_codes.(257 + s) lit_lengths.(257 + s);
      if length_extra.(s) > 0 then put o (l - length_base.(s)) length_extra.(s);
      let ds = dist_code.(d) in
      put o dist_codes.(ds) dist_lengths.(ds);
      if dist_extra.(ds) > 0 then put o (d - dist_base.(ds)) dist_extra.(ds)
    end
  done;
  put o lit_codes.(256) lit_lengths.(256)

(* The bits the symbols take in codes of [ll] and [dl], extra bits included. *)
let data_bits lit_freq dist_freq ll dl =
  let n = ref 0 in
  Array.iteri
    (fun s f ->
      if f > 0 then
        n := !n + (f * (ll.(s) + if s > 256 then length_extra.(s - 257) else 0)))
    lit_freq;
  Array.iteri (fun s f -> if f > 0 then n := !n + (f * (dl.(s) + dist_extra.(s)))) dist_freq;
  !n

let flush_block e ~last =
  let o = e.o in
  let lit_freq = Array.make 286 0 and dist_freq = Array.make 30 0 in
  for i = 0 to e.nsym - 1 do
    let d = e.sym_dist.(i) in
    if d = 0 then lit_freq.(e.sym_len.(i)) <- lit_freq.(e.sym_len.(i)) + 1
    else begin
      let s = 257 + length_code.(e.sym_len.(i)) in
      lit_freq.(s) <- lit_freq.(s) + 1;
      let ds = dist_code.(d) in
      dist_freq.(ds) <- dist_freq.(ds) + 1
    end
  done;
  lit_freq.(256) <- 1;
  let ll = code_lengths lit_freq 15 and dl = code_lengths dist_freq 15 in
  (* A distance code must exist: one of one bit, as zlib writes. *)
  if Array.for_all (( = ) 0) dl then dl.(0) <- 1;
  let hlit = ref 286 in
  while !hlit > 257 && ll.(!hlit - 1) = 0 do decr hlit done;
  let hdist = ref 30 in
  while !hdist > 1 && dl.(!hdist - 1) = 0 do decr hdist done;
  let seq = Array.append (Array.sub ll 0 !hlit) (Array.sub dl 0 !hdist) in
  let rle = run_lengths seq in
  let cl_freq = Array.make 19 0 in
  List.iter (fun (s, _) -> cl_freq.(s) <- cl_freq.(s) + 1) rle;
  let cll = code_lengths cl_freq 7 in
  let hclen = ref 19 in
  while !hclen > 4 && cll.(Inflate.code_length_order.(!hclen - 1)) = 0 do decr hclen done;
  let dynamic_bits =
    3 + 5 + 5 + 4 + (3 * !hclen)
    + List.fold_left (fun n (s, _) -> n + cll.(s) + cl_extra_bits s) 0 rle
    + data_bits lit_freq dist_freq ll dl
  in
  let fixed_bits = 3 + data_bits lit_freq dist_freq fixed_lit_lengths fixed_dist_lengths in
  let raw = e.strstart - e.block_start in
  let stored_bits =
    (* Each stored block: 3 bits, up to 7 to align, 4 bytes of lengths. *)
    let blocks = max 1 ((raw + max_stored - 1) / max_stored) in
    (blocks * (3 + 7 + 32)) + (8 * raw)
  in
  let bfinal = if last then 1 else 0 in
  if stored_bits <= fixed_bits && stored_bits <= dynamic_bits then begin
    let left = ref raw and p = ref e.block_start in
    let first = ref true in
    while !first || !left > 0 do
      first := false;
      let k = min !left max_stored in
      put o ((if !left - k = 0 then bfinal else 0) lor (0 lsl 1)) 3;
      align o;
      put o (k land 0xff) 8; put o (k lsr 8) 8;
      put o (lnot k land 0xff) 8; put o ((lnot k lsr 8) land 0xff) 8;
      for i = 0 to k - 1 do put_byte o (Char.code (Bytes.unsafe_get e.win (!p + i))) done;
      p := !p + k;
      left := !left - k
    done
  end
  else if fixed_bits <= dynamic_bits then begin
    put o (bfinal lor (1 lsl 1)) 3;
    write_codes o e.sym_len e.sym_dist e.nsym fixed_lit_codes fixed_lit_lengths fixed_dist_codes
      fixed_dist_lengths
  end
  else begin
    put o (bfinal lor (2 lsl 1)) 3;
    put o (!hlit - 257) 5;
    put o (!hdist - 1) 5;
    put o (!hclen - 4) 4;
    for i = 0 to !hclen - 1 do put o cll.(Inflate.code_length_order.(i)) 3 done;
    let clc = codes_of cll in
    List.iter
      (fun (s, x) ->
        put o clc.(s) cll.(s);
        let eb = cl_extra_bits s in
        if eb > 0 then put o x eb)
      rle;
    write_codes o e.sym_len e.sym_dist e.nsym (codes_of ll) ll (codes_of dl) dl
  end;
  e.nsym <- 0;
  e.block_start <- e.strstart

let add_symbol e len dist =
  e.sym_len.(e.nsym) <- len;
  e.sym_dist.(e.nsym) <- dist;
  e.nsym <- e.nsym + 1;
  if e.nsym = block_symbols then flush_block e ~last:false

(* Codes the bytes ahead while enough of them are there, all of them when
   [final]. *)
let compress e ~final =
  while e.lookahead >= min_lookahead || (final && e.lookahead > 0) do
    let s = e.strstart in
    let cand = if e.lookahead >= min_match then insert e s else -1 in
    let len, dist = if cand >= 0 then longest e cand else (0, 0) in
    (* The position moves past a symbol's bytes before the symbol is
       added, which may end the block. *)
    if len > 0 then begin
      for i = s + 1 to s + len - 1 do
        if i + min_match <= s + e.lookahead then ignore (insert e i)
      done;
      e.strstart <- s + len;
      e.lookahead <- e.lookahead - len;
      add_symbol e len dist
    end
    else begin
      e.strstart <- s + 1;
      e.lookahead <- e.lookahead - 1;
      add_symbol e (Char.code (Bytes.unsafe_get e.win s)) 0
    end
  done

(* Moves the newer window down to make room: the block so far is written
   first, so that its bytes can still be stored. *)
let slide e =
  flush_block e ~last:false;
  Bytes.blit e.win wsize e.win 0 wsize;
  e.strstart <- e.strstart - wsize;
  e.block_start <- e.block_start - wsize;
  let down a =
    for i = 0 to Array.length a - 1 do
      let p = Array.unsafe_get a i in
      Array.unsafe_set a i (if p >= wsize then p - wsize else -1)
    done
  in
  down e.head;
  down e.prev

let add_gen blit e src off len =
  if e.finished then invalid_arg "Deflate.add: finished";
  let off = ref off and len = ref len in
  while !len > 0 do
    if e.strstart + e.lookahead = Bytes.length e.win then slide e;
    let k = min !len (Bytes.length e.win - e.strstart - e.lookahead) in
    blit src !off e.win (e.strstart + e.lookahead) k;
    e.lookahead <- e.lookahead + k;
    off := !off + k;
    len := !len - k;
    compress e ~final:false
  done

let blit_buffer (src : buffer) off dst doff k =
  for i = 0 to k - 1 do
    Bytes.unsafe_set dst (doff + i) (Bigarray.Array1.unsafe_get src (off + i))
  done

(* [add e b off len] adds the bytes [off, off + len) of [b]. *)
let add e (b : buffer) off len =
  if off < 0 || len < 0 || off > Bigarray.Array1.dim b - len then invalid_arg "Deflate.add";
  add_gen blit_buffer e b off len

let add_bytes e b off len =
  if off < 0 || len < 0 || off > Bytes.length b - len then invalid_arg "Deflate.add_bytes";
  add_gen Bytes.blit e b off len

let add_string e s = add_bytes e (Bytes.unsafe_of_string s) 0 (String.length s)

(* [finish e] codes what is left and ends the stream. *)
let finish e =
  if not e.finished then begin
    compress e ~final:true;
    flush_block e ~last:true;
    align e.o;
    drain e.o;
    e.finished <- true
  end

let to_string s =
  let b = Buffer.create (String.length s / 2) in
  let e = create ~emit:(fun o off n -> Buffer.add_subbytes b o off n) in
  add_string e s;
  finish e;
  Buffer.contents b
