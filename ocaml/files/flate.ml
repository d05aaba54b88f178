(* DEFLATE streams (RFC 1951) and CRC-32 for the members of zip archives,
   over zlib-rs (Native's externals, rust/ocaml/src/zlib.rs): raw streams,
   without zlib's header. Ranges are checked here; the stubs trust them.

   Inflate writes where its caller says, reads a compressed stream that is
   all of a buffer (a mapped file's member) and checks that the stream
   ends exactly where its bytes end and makes exactly the bytes
   announced: never more than [expect] bytes reach the caller, and at
   most a step's buffer more is made before a stream that makes too many
   is refused. Deflate is zlib's
   at level 6, Z_DEFAULT_COMPRESSION, which Python's zipfile uses for
   np.savez_compressed. *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

module A1 = Bigarray.Array1
module Step = Nx_codes.Flate_step

(* {1 CRC-32} *)

(* [crc32 crc b off len] is the CRC-32 of the bytes [off, off + len) of [b]
   after a message whose CRC-32 is [crc]; [crc32_init] is the empty
   message's. *)
let crc32_init = 0

let crc32 crc (b : buffer) off len =
  if off < 0 || len < 0 || off > A1.dim b - len then invalid_arg "Flate.crc32";
  Native.unsafe_crc32 crc b off len

let crc32_bytes crc b off len =
  if off < 0 || len < 0 || off > Bytes.length b - len then invalid_arg "Flate.crc32_bytes";
  Native.unsafe_crc32_bytes crc b off len

let crc32_string crc s off len = crc32_bytes crc (Bytes.unsafe_of_string s) off len

(* {1 Inflate} *)

(* The buffer of a decoder that gives its output in pieces. *)
let piece_bytes = 1 lsl 18

let new_buffer n = A1.create Bigarray.char Bigarray.c_layout n

(* [inflate_gen src ~expect ~into ~emit] decodes the stream that is all of
   [src]: [into n] is the buffer (not empty) the output from its byte [n]
   on is written to, from the buffer's start, and [emit b k] is called
   once [b]'s first [k] bytes are. It is [Error msg] if the stream is
   malformed, does not end exactly at [src]'s end, or makes other than
   [expect] bytes. *)
let inflate_gen src ~expect ~into ~emit =
  let z = Native.inflate_create () in
  let len = A1.dim src in
  let bad fmt = Printf.ksprintf (fun m -> Error ("bad deflate stream: " ^ m)) fmt in
  let rec go () =
    let i = Native.inflate_total_in z and o = Native.inflate_total_out z in
    let dst = into o in
    let r = Native.inflate_step z (A1.sub src i (len - i)) dst in
    let i' = Native.inflate_total_in z and o' = Native.inflate_total_out z in
    if o' > expect then bad "it makes more than the %d bytes announced" expect
    else begin
      if o' > o then emit dst (o' - o);
      if r = Step.more then go ()
      else if r = Step.ended then
        if i' < len then bad "it ends at byte %d of its %d" i' len
        else if o' < expect then bad "it makes %d bytes, fewer than the %d announced" o' expect
        else Ok ()
      else if r = Step.stuck then bad "the stream ends before its last block does"
      else if r = Step.bad then bad "%s" (Native.inflate_message z)
      else bad "the decoder failed (%s)" (Native.inflate_message z)
    end
  in
  Fun.protect ~finally:(fun () -> Native.inflate_end z) go

(* [inflate src ~expect ~emit] is {!inflate_gen} giving the output in
   pieces: [emit b off n] on the bytes [off, off + n) of [b], valid only
   during the call. *)
let inflate src ~expect ~emit =
  let buf = new_buffer (max 1 (min piece_bytes (expect + 1))) in
  inflate_gen src ~expect ~into:(fun _ -> buf) ~emit:(fun b k -> emit b 0 k)

(* [inflate_into src dst ~emit] is {!inflate_gen} writing the [A1.dim dst]
   bytes announced straight into [dst]: [emit off n] is called once its
   bytes [off, off + n) are written. *)
let inflate_into src dst ~emit =
  let expect = A1.dim dst in
  let spare = new_buffer 1 in
  let pos = ref 0 in
  inflate_gen src ~expect
    ~into:(fun o -> if o < expect then A1.sub dst o (expect - o) else spare)
    ~emit:(fun _ k ->
      emit !pos k;
      pos := !pos + k)

(* {1 Deflate} *)

(* A deflate stream: its state, its output buffer, and where the output
   goes: [emit b off n] on the bytes [off, off + n) of [b], valid only
   during the call. *)
type deflate = { z : Native.deflater; out : buffer; emit : buffer -> int -> int -> unit }

let create ~emit = { z = Native.deflate_create (); out = new_buffer piece_bytes; emit }

(* One step over [src], the output given; the step's code. *)
let step e src ~finish =
  let o = Native.deflate_total_out e.z in
  let r = Native.deflate_step e.z src e.out finish in
  let k = Native.deflate_total_out e.z - o in
  if k > 0 then e.emit e.out 0 k;
  if r = Step.misused || r = Step.bad then failwith "Flate: the deflate state failed";
  (r, k)

(* [add e b off len] deflates the bytes [off, off + len) of [b]. *)
let add e (b : buffer) off len =
  if off < 0 || len < 0 || off > A1.dim b - len then invalid_arg "Flate.add";
  let start = Native.deflate_total_in e.z in
  let rec go () =
    let used = Native.deflate_total_in e.z - start in
    let _, k = step e (A1.sub b (off + used) (len - used)) ~finish:false in
    (* Until the input is all read and the output buffer was not filled. *)
    if Native.deflate_total_in e.z - start < len || k = A1.dim e.out then go ()
  in
  if len > 0 then go ()

let add_bytes e b off len =
  if off < 0 || len < 0 || off > Bytes.length b - len then invalid_arg "Flate.add_bytes";
  let copy = new_buffer len in
  for i = 0 to len - 1 do
    A1.unsafe_set copy i (Bytes.unsafe_get b (off + i))
  done;
  add e copy 0 len

let add_string e s = add_bytes e (Bytes.unsafe_of_string s) 0 (String.length s)

let empty = new_buffer 0

(* [finish e] ends the stream and frees its state. *)
let finish e =
  let rec go () =
    match step e empty ~finish:true with
    | r, _ when r = Step.ended -> ()
    | r, 0 when r = Step.stuck -> failwith "Flate: the deflate stream does not end"
    | _ -> go ()
  in
  Fun.protect ~finally:(fun () -> Native.deflate_end e.z) go

(* [deflate s] is the raw stream of [s]. *)
let deflate s =
  let b = Buffer.create (String.length s / 2) in
  let e =
    create ~emit:(fun o off n ->
        for i = off to off + n - 1 do
          Buffer.add_char b (A1.unsafe_get o i)
        done)
  in
  add_string e s;
  finish e;
  Buffer.contents b
