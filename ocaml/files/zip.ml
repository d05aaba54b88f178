(* Zip archives, as .npz files use them (PKWARE's APPNOTE.TXT): a reader
   that checks an archive's structure before anything is read from a
   member, and a streaming writer that lays archives out as Python's
   zipfile does for numpy's savez. Members are stored or deflated; Zip64
   records are read wherever the format allows them, and written where
   sizes or offsets need them. *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

exception Bad of string

let bad fmt = Printf.ksprintf (fun s -> raise (Bad s)) fmt

(* Signatures and record sizes. *)
let sig_local = 0x04034b50
let sig_central = 0x02014b50
let sig_end = 0x06054b50
let sig_end64 = 0x06064b50
let sig_locator64 = 0x07064b50
let sig_descriptor = 0x08074b50
let local_size = 30
let central_size = 46
let end_size = 22
let end64_size = 56
let locator64_size = 20
let max_comment = 0xffff

(* Flags and methods. *)
let flag_encrypted = 0x1
let flag_descriptor = 0x8
let flag_patched = 0x20
let flag_strong_encryption = 0x40

(* The highest "version needed to extract" a reader accepts: 6.3, the
   application note's version that Python's zipfile implements (its
   MAX_EXTRACT_VERSION), whose verdicts np.load gives. *)
let max_version_needed = 63
let flag_utf8 = 0x800
let stored = 0
let deflated = 8
let zip64_extra = 0x0001

(* Field values that say "see the Zip64 record". *)
let saturated16 = 0xffff
let saturated32 = 0xffffffff

(* The most bytes deflate makes of one: a 258-byte match in two bits. *)
let max_ratio = 1032

type entry = {
  name : string;
  compressed : bool;
  crc : int;
  csize : int;
  usize : int;
  local : int;  (* the local header's offset *)
  data : int;  (* the data's offset *)
}

(* [path] is the file the archive was mapped from, which errors name. *)
type t = { file : buffer; entries : entry array; path : string option }

(* {1 Reading} *)

let u8 b i = Char.code (Bigarray.Array1.unsafe_get b i)
let u16 b i = u8 b i lor (u8 b (i + 1) lsl 8)
let u32 b i = u16 b i lor (u16 b (i + 2) lsl 16)

(* A 64-bit field, which must fit an OCaml int. *)
let u64 what b i =
  let lo = u32 b i and hi = u32 b (i + 4) in
  if hi >= 1 lsl 30 then bad "%s: %#x%08x does not fit an int" what hi lo;
  lo lor (hi lsl 32)

let string_of b off len = String.init len (fun i -> Bigarray.Array1.unsafe_get b (off + i))

(* The end record: the last signature from which the record and its
   comment end exactly at the end of the file; else, as Python's zipfile
   and torch's reader take an archive with bytes after its end, the last
   signature of a whole record in the file's last 64 KiB and the
   record's size. *)
let find_end b =
  let n = Bigarray.Array1.dim b in
  if n < end_size then bad "%d bytes, too few for a zip archive's end record (%d)" n end_size;
  let low = n - end_size - max_comment in
  let rec exact i =
    if i < 0 || i < low then None
    else if u32 b i = sig_end && i + end_size + u16 b (i + 20) = n then Some i
    else exact (i - 1)
  in
  let rec last i =
    if i < 0 || i < low then
      bad "no end of central directory record: not a zip archive, or one cut short"
    else if u32 b i = sig_end then i
    else last (i - 1)
  in
  match exact (n - end_size) with Some i -> i | None -> last (n - end_size)

(* The central directory's entry count, size and offset, and where it
   must end: at the Zip64 end record if there is one, else at the end
   record. *)
let directory b e =
  let disk = u16 b (e + 4) and cd_disk = u16 b (e + 6) in
  let here = u16 b (e + 8) and count = u16 b (e + 10) in
  let size = u32 b (e + 12) and offset = u32 b (e + 16) in
  let loc = e - locator64_size in
  if loc >= 0 && u32 b loc = sig_locator64 then begin
    if u32 b (loc + 4) <> 0 || u32 b (loc + 16) > 1 then bad "it spans several disks";
    let r = u64 "the Zip64 end record's offset" b (loc + 8) in
    if r > loc - end64_size then
      bad "the Zip64 end record at byte %d is not before its locator (byte %d)" r loc;
    if u32 b r <> sig_end64 then bad "no Zip64 end record at byte %d, where its locator points" r;
    let rsize = u64 "the Zip64 end record's size" b (r + 4) in
    if rsize < end64_size - 12 || r + 12 + rsize > loc then
      bad "the Zip64 end record's size %d does not fit before its locator" rsize;
    if u32 b (r + 16) <> 0 || u32 b (r + 20) <> 0 then bad "it spans several disks";
    let here64 = u64 "the entry count" b (r + 24) and count64 = u64 "the entry count" b (r + 32) in
    if here64 <> count64 then bad "it spans several disks";
    let size64 = u64 "the central directory's size" b (r + 40) in
    let offset64 = u64 "the central directory's offset" b (r + 48) in
    (* The end record's fields are the Zip64 ones, or say to see them. *)
    let agree what v v64 sat =
      if v <> v64 && v <> sat then
        bad "the end record's %s %d differs from the Zip64 end record's %d" what v v64
    in
    agree "entry count" count count64 saturated16;
    agree "central directory size" size size64 saturated32;
    agree "central directory offset" offset offset64 saturated32;
    (count64, size64, offset64, r)
  end
  else begin
    if disk <> 0 || cd_disk <> 0 || here <> count then bad "it spans several disks";
    (count, size, offset, e)
  end

(* The values of the Zip64 extra field for [wanted] saturated fields, in
   the format's order. *)
let zip64_fields b ~extra ~extra_len ~what wanted =
  let stop = extra + extra_len in
  let rec find p =
    if p + 4 > stop then (
      if p < stop then bad "%s: its extra field has %d stray bytes" what (stop - p);
      None)
    else
      let id = u16 b p and len = u16 b (p + 2) in
      if p + 4 + len > stop then
        bad "%s: an extra field record (id %#06x) of %d bytes runs past the extra field" what id len;
      if id = zip64_extra then Some (p + 4, len) else find (p + 4 + len)
  in
  if wanted = 0 then [||]
  else
    match find extra with
    | None -> bad "%s: its sizes or offset say to see a Zip64 extra field, and there is none" what
    | Some (p, len) ->
        if len < 8 * wanted then
          bad "%s: its Zip64 extra field has %d bytes, %d needed" what len (8 * wanted);
        Array.init wanted (fun i -> u64 (what ^ ": a Zip64 field") b (p + (8 * i)))

(* The extra field's records, walked as Python's zipfile walks them
   (its [_decodeExtra]): a record that runs past the field's end is
   refused wherever it is; fewer than 4 bytes left are ignored. *)
let check_extra b ~extra ~extra_len ~what =
  let stop = extra + extra_len in
  let rec walk p =
    if p + 4 <= stop then begin
      let id = u16 b p and len = u16 b (p + 2) in
      if p + 4 + len > stop then
        bad "%s: an extra field record (id %#06x) of %d bytes runs past the extra field" what id len;
      walk (p + 4 + len)
    end
  in
  walk extra

let name_ok ~utf8 name =
  if utf8 then String.is_valid_utf_8 name
  else String.for_all (fun c -> Char.code c < 0x80) name

(* The central directory's entries, from [off]. *)
let entries b ~count ~size ~offset =
  let stop = offset + size in
  let p = ref offset in
  Array.init count (fun k ->
      let c = !p in
      let what = Printf.sprintf "entry %d of the central directory" k in
      if c + central_size > stop then bad "%s runs past the central directory's end" what;
      if u32 b c <> sig_central then bad "%s: no central directory header at byte %d" what c;
      let flags = u16 b (c + 8) and meth = u16 b (c + 10) in
      let crc = u32 b (c + 16) and csize = u32 b (c + 20) and usize = u32 b (c + 24) in
      let name_len = u16 b (c + 28) and extra_len = u16 b (c + 30) in
      let comment_len = u16 b (c + 32) and disk = u16 b (c + 34) in
      let local = u32 b (c + 42) in
      let after = c + central_size + name_len + extra_len + comment_len in
      if after > stop then bad "%s runs past the central directory's end" what;
      let name = string_of b (c + central_size) name_len in
      let utf8 = flags land flag_utf8 <> 0 in
      if not (name_ok ~utf8 name) then
        bad "%s: its name %S is %s" what name
          (if utf8 then "not UTF-8, which its flags say" else "neither ASCII nor flagged UTF-8");
      let what = Printf.sprintf "member %S" name in
      if flags land (flag_encrypted lor flag_strong_encryption) <> 0 then bad "%s is encrypted" what;
      if flags land flag_patched <> 0 then
        bad "%s holds compressed patched data (flag bit 5), which no reader here decodes" what;
      let needed = u8 b (c + 6) in
      if needed > max_version_needed then
        bad "%s needs version %d.%d of the zip format to extract; this reader implements %d.%d" what
          (needed / 10) (needed mod 10) (max_version_needed / 10) (max_version_needed mod 10);
      check_extra b ~extra:(c + central_size + name_len) ~extra_len ~what;
      if meth <> stored && meth <> deflated then
        bad "%s: compression method %d; this reader has 0 (stored) and 8 (deflated)" what meth;
      if disk <> 0 then bad "%s is on disk %d: the archive spans several disks" what disk;
      (* Each saturated field's value is the next of the Zip64 field's. *)
      let sat = List.filter (fun v -> v = saturated32) [ usize; csize; local ] in
      let z = zip64_fields b ~extra:(c + central_size + name_len) ~extra_len ~what (List.length sat) in
      let next = ref 0 in
      let field v = if v = saturated32 then (incr next; z.(!next - 1)) else v in
      let usize = field usize in
      let csize = field csize in
      let local = field local in
      if meth = stored && csize <> usize then
        bad "%s is stored, yet its sizes differ: %d compressed, %d not" what csize usize;
      if meth = deflated && usize / max_ratio > csize + 1 then
        bad "%s claims %d bytes from %d compressed, more than deflate can make" what usize csize;
      p := after;
      { name; compressed = meth = deflated; crc; csize; usize; local; data = 0 })
  |> fun es ->
  if !p <> stop then
    bad "the central directory has %d bytes after its %d entries" (stop - !p) count;
  es

(* The local header of [e]: its data's offset, checked against the
   central directory's. *)
let check_local b ~limit e =
  let what = Printf.sprintf "member %S" e.name in
  let l = e.local in
  if l > limit - local_size then
    bad "%s: its local header at byte %d is not before the central directory (byte %d)" what l limit;
  if u32 b l <> sig_local then bad "%s: no local header at byte %d" what l;
  let flags = u16 b (l + 6) and meth = u16 b (l + 8) in
  let name_len = u16 b (l + 26) and extra_len = u16 b (l + 28) in
  if flags land (flag_encrypted lor flag_strong_encryption) <> 0 then bad "%s is encrypted" what;
  if meth <> (if e.compressed then deflated else stored) then
    bad "%s: its local header's method %d is not the central directory's" what meth;
  let data = l + local_size + name_len + extra_len in
  if data > limit then bad "%s: its local header runs into the central directory" what;
  if string_of b (l + local_size) name_len <> e.name then
    bad "%s: its local header names it %S" what (string_of b (l + local_size) name_len);
  if e.csize > limit - data then
    bad "%s: its %d bytes from byte %d run past the start of the central directory (byte %d)"
      what e.csize data limit;
  { e with data }

let parse b =
  let e = find_end b in
  (* np.load takes a file for an archive only when it begins as one: a
     local header, or the end record of an empty archive (zipfile alone
     would read past bytes prepended to it). *)
  let first = if Bigarray.Array1.dim b >= 4 then u32 b 0 else -1 in
  if first <> sig_local && first <> sig_end then
    bad "the archive does not begin with a local header or an end record (np.load reads \
         only archives that do)";
  let count, size, offset, cd_end = directory b e in
  if offset > cd_end || size <> cd_end - offset then
    bad "the central directory (%d bytes at byte %d) does not end where the end record begins \
         (byte %d)" size offset cd_end;
  if count > size / central_size then
    bad "%d entries cannot fit in a central directory of %d bytes" count size;
  let es = entries b ~count ~size ~offset in
  let es = Array.map (check_local b ~limit:offset) es in
  let seen = Hashtbl.create (Array.length es) in
  Array.iter
    (fun e ->
      if Hashtbl.mem seen e.name then bad "member %S appears twice" e.name;
      Hashtbl.add seen e.name ())
    es;
  let sorted = Array.copy es in
  Array.sort (fun a b -> compare a.local b.local) sorted;
  for i = 1 to Array.length sorted - 1 do
    let a = sorted.(i - 1) and c = sorted.(i) in
    if a.data + a.csize > c.local then
      bad "members %S and %S overlap: the bytes of the first end at %d, the second begins at %d"
        a.name c.name (a.data + a.csize) c.local
  done;
  { file = b; entries = es; path = None }

let of_buffer b = match parse b with t -> Ok t | exception Bad m -> Error m

(* The stored bytes of [e] (compressed, if it is). *)
let raw t e = Bigarray.Array1.sub t.file e.data e.csize

let crc_error e sum =
  Error
    (Printf.sprintf "member %S: its bytes' CRC-32 is %08x, the archive says %08x" e.name sum e.crc)

(* [inflate t e f] gives the deflated member [e]'s bytes to [f] in pieces
   [f b off len] (valid during the call), then checks their CRC when
   [crc]. *)
let inflate ?(crc = true) t e f =
  let sum = ref Flate.crc32_init in
  match
    Flate.inflate (raw t e) ~expect:e.usize ~emit:(fun b o n ->
        if crc then sum := Flate.crc32 !sum b o n;
        f b o n)
  with
  | Error m -> Error (Printf.sprintf "member %S: %s" e.name m)
  | Ok () when crc && !sum <> e.crc -> crc_error e !sum
  | Ok () -> Ok ()

(* [inflate_into t e] is the deflated member [e]'s bytes, inflated
   straight into a new buffer of the size its entry announces (bounded by
   the archive's bytes: [parse] refuses more than deflate can make), its
   CRC checked. *)
let inflate_into t e =
  let out = Arrays.Private.alloc_buffer e.usize in
  let sum = ref Flate.crc32_init in
  match Flate.inflate_into (raw t e) out ~emit:(fun o n -> sum := Flate.crc32 !sum out o n) with
  | Error m -> Error (Printf.sprintf "member %S: %s" e.name m)
  | Ok () when !sum <> e.crc -> crc_error e !sum
  | Ok () -> Ok out

(* The CRC-32 of a stored member's bytes, checked. *)
let check_crc t e =
  let sum = Flate.crc32 Flate.crc32_init t.file e.data e.usize in
  if sum = e.crc then Ok () else crc_error e sum

(* {1 Writing} *)

(* Python's zipfile writes Zip64 fields past this, the largest signed
   32-bit integer (its ZIP64_LIMIT). *)
let zip64_limit = (1 lsl 31) - 1

(* The version numbers and attributes Python's zipfile writes: version
   4.5 (Zip64) made on Unix, a regular file of mode 0600, dated
   1980-01-01 00:00. *)
let version = 45
let made_by = (3 lsl 8) lor version
let external_attr = 0o600 lsl 16
let dos_time = 0
let dos_date = (1 lsl 5) lor 1

type written = { w_name : string; w_flags : int; w_method : int; w_crc : int; w_csize : int;
                 w_usize : int; w_local : int }

(* Where an archive is written: [patch pos s], where it can, writes [s]
   over the bytes at [pos] (from the archive's start). *)
type sink = {
  put_bytes : Bytes.t -> int -> int -> unit;
  put_buffer : buffer -> int -> int -> unit;
  patch : (int -> string -> unit) option;
}

type writer = {
  sink : sink;
  force64 : bool;
  mutable pos : int;  (* bytes written *)
  mutable members : written list;  (* the latest first *)
}

let writer ?(zip64 = false) sink = { sink; force64 = zip64; pos = 0; members = [] }

(* A sink writing to [fd]: its local headers are written back if it is a
   regular file at its start that does not append (where a write after a
   seek back would land at the end). *)
let fd_sink fd =
  let seekable =
    match Unix.lseek fd 0 Unix.SEEK_CUR with
    | p -> p = 0 && (Unix.fstat fd).Unix.st_kind = Unix.S_REG && not (File_io.appends fd)
    | exception Unix.Unix_error _ -> false
  in
  let patch pos s =
    let back = Unix.lseek fd 0 Unix.SEEK_CUR in
    ignore (Unix.lseek fd pos Unix.SEEK_SET);
    ignore (Unix.write_substring fd s 0 (String.length s));
    ignore (Unix.lseek fd back Unix.SEEK_SET)
  in
  {
    put_bytes = (fun b o n -> ignore (Unix.write fd b o n));
    put_buffer = (fun b o n -> ignore (Unix.write_bigarray fd b o n));
    patch = (if seekable then Some patch else None);
  }

(* A sink into memory, and the bytes it has, patches applied. *)
let memory_sink () =
  let b = Buffer.create 4096 and patches = ref [] in
  let sink =
    {
      put_bytes = Buffer.add_subbytes b;
      put_buffer =
        (fun src o n -> for i = o to o + n - 1 do Buffer.add_char b (Bigarray.Array1.get src i) done);
      patch = Some (fun pos s -> patches := (pos, s) :: !patches);
    }
  in
  let contents () =
    let out = Buffer.to_bytes b in
    List.iter (fun (pos, s) -> Bytes.blit_string s 0 out pos (String.length s)) (List.rev !patches);
    Bytes.unsafe_to_string out
  in
  (sink, contents)

let write_bytes w b off len =
  w.sink.put_bytes b off len;
  w.pos <- w.pos + len

let write_string w s = write_bytes w (Bytes.unsafe_of_string s) 0 (String.length s)

let write_buffer w (b : buffer) off len =
  w.sink.put_buffer b off len;
  w.pos <- w.pos + len

(* Little-endian fields. *)
let le buf v n = for i = 0 to n - 1 do Buffer.add_char buf (Char.unsafe_chr ((v lsr (8 * i)) land 0xff)) done

let local_header ~name ~flags ~meth ~crc ~csize ~usize =
  let b = Buffer.create 64 in
  le b sig_local 4; le b version 2; le b flags 2; le b meth 2; le b dos_time 2; le b dos_date 2;
  le b crc 4; le b saturated32 4; le b saturated32 4;
  le b (String.length name) 2; le b 20 2;
  Buffer.add_string b name;
  le b zip64_extra 2; le b 16 2; le b usize 8; le b csize 8;
  Buffer.contents b

(* [add w name ~deflate ~size produce] writes the member [name], whose
   [size] bytes [produce emit] gives by calls of [emit] on pieces:
   [`Buffer b] or [`Bytes (b, off, len)]. *)
let add w name ~deflate ~size produce =
  let utf8 = not (String.for_all (fun c -> Char.code c < 0x80) name) in
  if utf8 && not (String.is_valid_utf_8 name) then invalid_arg "name not UTF-8";
  let flags =
    (if utf8 then flag_utf8 else 0) lor if w.sink.patch = None then flag_descriptor else 0
  in
  let meth = if deflate then deflated else stored in
  let local = w.pos in
  (* Sizes are zero in a header whose descriptor follows the data. *)
  write_string w (local_header ~name ~flags ~meth ~crc:0 ~csize:0 ~usize:0);
  let data = w.pos in
  let crc = ref Flate.crc32_init and n = ref 0 in
  let over () = invalid_arg (Printf.sprintf "member %S: more than its %d bytes" name size) in
  let enc =
    if deflate then
      Some (Flate.create ~emit:(fun b o k -> write_buffer w b o k))
    else None
  in
  produce (function
    | `Buffer (b : buffer) ->
        let k = Bigarray.Array1.dim b in
        if k > size - !n then over ();
        crc := Flate.crc32 !crc b 0 k;
        n := !n + k;
        (match enc with Some e -> Flate.add e b 0 k | None -> write_buffer w b 0 k)
    | `Bytes (b, o, k) ->
        if k > size - !n then over ();
        crc := Flate.crc32_bytes !crc b o k;
        n := !n + k;
        (match enc with
         | Some e -> Flate.add_bytes e b o k
         | None -> write_bytes w b o k));
  if !n <> size then
    invalid_arg (Printf.sprintf "member %S: %d bytes, not %d" name !n size);
  Option.iter Flate.finish enc;
  let crc = !crc and csize = w.pos - data in
  (match w.sink.patch with
   | Some patch -> patch local (local_header ~name ~flags ~meth ~crc ~csize ~usize:size)
   | None ->
       let b = Buffer.create 24 in
       le b sig_descriptor 4; le b crc 4; le b csize 8; le b size 8;
       write_string w (Buffer.contents b));
  w.members <-
    { w_name = name; w_flags = flags; w_method = meth; w_crc = crc; w_csize = csize;
      w_usize = size; w_local = local } :: w.members

(* Ends the archive: the central directory and the end records. *)
let finish w =
  let start = w.pos in
  let members = List.rev w.members in
  List.iter
    (fun m ->
      let b = Buffer.create 128 in
      let big_sizes = w.force64 || m.w_usize > zip64_limit || m.w_csize > zip64_limit in
      let big_offset = w.force64 || m.w_local > zip64_limit in
      let extra =
        (if big_sizes then [ m.w_usize; m.w_csize ] else [])
        @ if big_offset then [ m.w_local ] else []
      in
      le b sig_central 4; le b made_by 2; le b version 2; le b m.w_flags 2; le b m.w_method 2;
      le b dos_time 2; le b dos_date 2; le b m.w_crc 4;
      le b (if big_sizes then saturated32 else m.w_csize) 4;
      le b (if big_sizes then saturated32 else m.w_usize) 4;
      le b (String.length m.w_name) 2;
      le b (if extra = [] then 0 else 4 + (8 * List.length extra)) 2;
      le b 0 2; le b 0 2; le b 0 2; le b external_attr 4;
      le b (if big_offset then saturated32 else m.w_local) 4;
      Buffer.add_string b m.w_name;
      if extra <> [] then begin
        le b zip64_extra 2; le b (8 * List.length extra) 2;
        List.iter (fun v -> le b v 8) extra
      end;
      write_string w (Buffer.contents b))
    members;
  let count = List.length members and size = w.pos - start in
  let b = Buffer.create 100 in
  let big = w.force64 || count > saturated16 || start > zip64_limit || size > zip64_limit in
  if big then begin
    let r = w.pos in
    le b sig_end64 4; le b (end64_size - 12) 8; le b version 2; le b version 2; le b 0 4;
    le b 0 4; le b count 8; le b count 8; le b size 8; le b start 8;
    le b sig_locator64 4; le b 0 4; le b r 8; le b 1 4
  end;
  le b sig_end 4; le b 0 2; le b 0 2;
  le b (min count saturated16) 2; le b (min count saturated16) 2;
  le b (min size saturated32) 4; le b (min start saturated32) 4; le b 0 2;
  write_string w (Buffer.contents b)
