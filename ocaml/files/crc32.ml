(* CRC-32 of zip archives (ISO 3309, the reflected polynomial 0xedb88320),
   eight bytes a step: the tables of "slicing-by-8", each entry the CRC of
   a byte followed by k zero bytes. *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

external get32 : buffer -> int -> int32 = "%caml_bigstring_get32u"

let tables =
  let t = Array.make (8 * 256) 0 in
  for n = 0 to 255 do
    let c = ref n in
    for _ = 1 to 8 do
      c := if !c land 1 = 1 then 0xedb88320 lxor (!c lsr 1) else !c lsr 1
    done;
    t.(n) <- !c
  done;
  for k = 1 to 7 do
    for n = 0 to 255 do
      let prev = t.(((k - 1) * 256) + n) in
      t.((k * 256) + n) <- (prev lsr 8) lxor t.(prev land 0xff)
    done
  done;
  t

let byte crc c = (crc lsr 8) lxor Array.unsafe_get tables ((crc lxor c) land 0xff)

(* [update crc b off len] is the running CRC [crc] (before its final
   inversion) after the bytes [off, off + len) of [b]. *)
let update_raw crc (b : buffer) off len =
  let t = tables in
  let crc = ref crc and i = ref off in
  (* The words are read in the machine's order: the tables want it little. *)
  let stop8 = if Sys.big_endian then off else off + (len land lnot 7) in
  while !i < stop8 do
    let lo = Int32.to_int (get32 b !i) land 0xffffffff lxor !crc in
    let hi = Int32.to_int (get32 b (!i + 4)) land 0xffffffff in
    crc :=
      Array.unsafe_get t ((7 * 256) + (lo land 0xff))
      lxor Array.unsafe_get t ((6 * 256) + ((lo lsr 8) land 0xff))
      lxor Array.unsafe_get t ((5 * 256) + ((lo lsr 16) land 0xff))
      lxor Array.unsafe_get t ((4 * 256) + (lo lsr 24))
      lxor Array.unsafe_get t ((3 * 256) + (hi land 0xff))
      lxor Array.unsafe_get t ((2 * 256) + ((hi lsr 8) land 0xff))
      lxor Array.unsafe_get t (256 + ((hi lsr 16) land 0xff))
      lxor Array.unsafe_get t (hi lsr 24);
    i := !i + 8
  done;
  for j = stop8 to off + len - 1 do
    crc := byte !crc (Char.code (Bigarray.Array1.unsafe_get b j))
  done;
  !crc

(* The CRC of an empty message, and its final step. *)
let init = 0xffffffff
let finish crc = crc lxor 0xffffffff

let update crc b off len =
  if off < 0 || len < 0 || off > Bigarray.Array1.dim b - len then invalid_arg "Crc32.update";
  update_raw crc b off len

let update_string crc s off len =
  if off < 0 || len < 0 || off > String.length s - len then invalid_arg "Crc32.update_string";
  let crc = ref crc in
  for i = off to off + len - 1 do
    crc := byte !crc (Char.code (String.unsafe_get s i))
  done;
  !crc

let update_bytes crc b off len = update_string crc (Bytes.unsafe_to_string b) off len
