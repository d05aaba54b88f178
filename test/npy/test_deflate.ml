(* The library's inflate, deflate and CRC-32 (Flate, the internal module
   of .npz over zlib-rs) against zlib: zlib's raw streams at levels 0 to 9
   (deflate.txt, from gen_files.py) inflate to their inputs, whose CRC-32
   is zlib's, in pieces and straight into a buffer of the size announced;
   our deflate of each input inflates back, within zlib's deflateBound;
   cut, extended and flipped streams are refused, never raise. Our
   streams go to ours/ for check_python.py to inflate with zlib. *)

module Flate = Nx_array_files.Flate
module A1 = Bigarray.Array1
open Files
open Npy_files

let check = Check.check

(* The inputs: gen_files.py's generator (glibc's rand recurrence). *)
let make recipe =
  match String.split_on_char ':' recipe with
  | [ kind; seed; n; arg ] ->
      let x = ref (int_of_string seed) and n = int_of_string n and arg = int_of_string arg in
      let next () =
        x := ((!x * 1103515245) + 12345) land 0x7fffffff;
        !x lsr 8
      in
      let b = Buffer.create n in
      (match kind with
       | "lcg" -> while Buffer.length b < n do Buffer.add_uint8 b (next () mod arg) done
       | "runs" ->
           while Buffer.length b < n do
             let r = next () in
             Buffer.add_string b (String.make (1 + ((r lsr 8) mod arg)) (Char.chr (r land 0xff)))
           done
       | "repeat" ->
           let period = String.init arg (fun _ -> Char.chr (next () land 0xff)) in
           while Buffer.length b < n do Buffer.add_string b period done
       | _ -> failwith recipe);
      Buffer.sub b 0 n
  | _ -> failwith recipe

let inflate ?(expect = -1) s =
  let out = Buffer.create (max 16 expect) in
  let b = buffer_of_string s in
  let expect = if expect < 0 then String.length s * 1100 else expect in
  Result.map
    (fun () -> Buffer.contents out)
    (Flate.inflate b ~expect ~emit:(fun o off n ->
         for i = off to off + n - 1 do Buffer.add_char out (A1.get o i) done))

let string_of_buffer b = String.init (A1.dim b) (A1.get b)

(* The same, straight into a buffer of [expect] bytes. *)
let inflate_into ~expect s =
  let dst = A1.create Bigarray.char Bigarray.c_layout expect in
  let seen = ref 0 in
  Result.map
    (fun () ->
      check (!seen = expect) "inflate_into: %d bytes emitted, %d written" !seen expect;
      string_of_buffer dst)
    (Flate.inflate_into (buffer_of_string s) dst ~emit:(fun off n ->
         check (off = !seen) "inflate_into: a piece at %d, after %d bytes" off !seen;
         seen := !seen + n))

let crc s = Flate.crc32 Flate.crc32_init (buffer_of_string s) 0 (String.length s)

(* zlib's deflateBound for a raw stream of [n] bytes, at the default
   window and memory level. *)
let bound n = n + (n lsr 12) + (n lsr 14) + (n lsr 25) + 7

(* zlib's streams, inflated. *)
let test_zlib cases =
  List.iter
    (fun (recipe, input, crc32, level, stream) ->
      let what = Printf.sprintf "%s level %d" recipe level in
      check (crc input = crc32) "%s: CRC-32 %08x, zlib's %08x" what (crc input) crc32;
      check (Flate.crc32_string Flate.crc32_init input 0 (String.length input) = crc32)
        "%s: CRC-32 of a string" what;
      (match inflate ~expect:(String.length input) stream with
       | Ok got -> check (got = input) "%s: inflated to other bytes" what
       | Error m -> check false "%s: %s" what m);
      match inflate_into ~expect:(String.length input) stream with
      | Ok got -> check (got = input) "%s: inflated into a buffer, other bytes" what
      | Error m -> check false "%s: into a buffer: %s" what m)
    cases

(* Our streams, inflated; written for check_python.py. *)
let test_ours cases =
  let listing = Buffer.create 1024 in
  List.iteri
    (fun i (recipe, input, _, level, _) ->
      if level = 9 || level = 0 then begin
        let s = Flate.deflate input in
        let n = String.length input in
        check (String.length s <= bound n) "%s: %d bytes, past the bound %d" recipe
          (String.length s) (bound n);
        (match inflate ~expect:n s with
         | Ok got -> check (got = input) "%s: ours inflated to other bytes" recipe
         | Error m -> check false "%s: ours: %s" recipe m);
        let file = Printf.sprintf "ours/deflate_%d.bin" i in
        Out_channel.with_open_bin file (fun oc -> output_string oc s);
        Printf.bprintf listing "%s %s %d %08x\n" file recipe n (crc input)
      end)
    cases;
  Out_channel.with_open_bin "ours/deflate.txt" (fun oc -> Buffer.output_buffer oc listing)

(* Pieces of any size give a stream that inflates back (zlib-rs's
   streams may depend on the pieces: not always the bytes one piece
   gives), within a tenth of its length. *)
let test_pieces () =
  let input = make "runs:7:300000:300" ^ make "lcg:4:5000:256" in
  let whole = String.length (Flate.deflate input) in
  List.iter
    (fun piece ->
      let b = Buffer.create 1024 in
      let e =
        Flate.create ~emit:(fun o off n ->
            for i = off to off + n - 1 do Buffer.add_char b (A1.get o i) done)
      in
      let i = ref 0 in
      while !i < String.length input do
        let k = min piece (String.length input - !i) in
        Flate.add e (buffer_of_string (String.sub input !i k)) 0 k;
        i := !i + k
      done;
      Flate.finish e;
      let s = Buffer.contents b in
      (match inflate ~expect:(String.length input) s with
       | Ok got -> check (got = input) "pieces of %d: inflated to other bytes" piece
       | Error m -> check false "pieces of %d: %s" piece m);
      check (String.length s <= whole + (whole / 10)) "pieces of %d: %d bytes, one piece's %d" piece
        (String.length s) whole)
    [ 1; 7; 4096; 65536; 1 lsl 20 ]

(* Streams cut short, extended, or announced with other lengths, are
   refused. *)
let test_refused cases =
  let small = List.filter (fun (_, input, _, _, s) -> String.length input <= 5000 && s <> "") cases in
  List.iter
    (fun (recipe, input, _, level, stream) ->
      let n = String.length input in
      for k = 0 to String.length stream - 1 do
        if k < 64 || k mod 97 = 0 then
          check (Result.is_error (inflate ~expect:n (String.sub stream 0 k)))
            "%s level %d: cut to %d bytes, not refused" recipe level k
      done;
      check (Result.is_error (inflate ~expect:n (stream ^ "\x00"))) "%s: a trailing byte" recipe;
      check (Result.is_error (inflate ~expect:(n + 1) stream)) "%s: one byte more announced" recipe;
      check (Result.is_error (inflate_into ~expect:(n + 1) stream))
        "%s: one byte more announced, into a buffer" recipe;
      if n > 0 then begin
        check (Result.is_error (inflate ~expect:(n - 1) stream)) "%s: one byte fewer announced" recipe;
        check (Result.is_error (inflate_into ~expect:(n - 1) stream))
          "%s: one byte fewer announced, into a buffer" recipe
      end)
    small;
  List.iter
    (fun (name, s) ->
      check (match inflate ~expect:10 s with Error m -> String.length m > 0 | Ok _ -> false) "%s" name)
    [ ("reserved block type", "\x07"); ("stored length not complemented", "\x01\x05\x00\x00\x00abcde");
      (* zlib: "invalid distance too far back", "missing end-of-block". *)
      ("distance past the start", of_hex "030200");
      ("no end of block code",
       of_hex "05c001040000000010000000000000000000000000030000000000000000000000000000000000000000") ]

(* Each way a stream is refused, with its message. *)
let test_messages () =
  let input = make "runs:8:20000:3" in
  let n = String.length input in
  let stream = Flate.deflate input in
  let sub k = String.sub stream 0 k in
  List.iter
    (fun (what, expect, s, says) ->
      List.iter
        (fun (how, r) ->
          match r with
          | Ok _ -> check false "%s (%s): not refused" what how
          | Error m ->
              let m' = "bad deflate stream: " ^ says in
              check (String.length m >= String.length m' && String.sub m 0 (String.length m') = m')
                "%s (%s): %S, not %S" what how m m')
        [ ("pieces", inflate ~expect s); ("into", inflate_into ~expect s) ])
    [ ("cut", n, sub (String.length stream - 1), "the stream ends before its last block does");
      ("empty", n, "", "the stream ends before its last block does");
      ("trailing", n, stream ^ "\x00", Printf.sprintf "it ends at byte %d of its %d"
         (String.length stream) (String.length stream + 1));
      ("more announced", n + 1, stream, Printf.sprintf "it makes %d bytes, fewer than" n);
      ("fewer announced", n - 1, stream, Printf.sprintf "it makes more than the %d bytes" (n - 1));
      ("reserved block type", 10, "\x07", "invalid block type");
      ("stored length", 10, "\x01\x05\x00\x00\x00abcde", "invalid stored block lengths");
      ("distance too far", 10, of_hex "030200", "invalid distance too far back");
      (* 64 MiB of zeros announced as 1000 bytes: refused within a
         step's buffer. *)
      ("bomb", 1000, Flate.deflate (String.make (1 lsl 26) '\x00'),
       "it makes more than the 1000 bytes") ]

(* Random streams: refused or inflated, never an exception. *)
let test_noise () =
  let rng = Random.State.make [| 5; 2026 |] in
  let inflated = ref 0 in
  for _ = 1 to 3000 do
    let n = 1 + Random.State.int rng 64 in
    let s = String.init n (fun _ -> Char.chr (Random.State.int rng 256)) in
    match inflate s with
    | Ok _ -> incr inflated
    | Error _ -> check true ""
    | exception e -> check false "noise %S: %s" s (Printexc.to_string e)
  done;
  Printf.printf "deflate noise: 3000 random streams, %d of them inflated\n" !inflated

let () =
  let cases =
    List.map
      (fun l ->
        match words l with
        | [ recipe; n; crc32; level; stream ] ->
            let input = make recipe in
            check (String.length input = int_of_string n) "%s: length" recipe;
            (recipe, input, int_of_string ("0x" ^ crc32), int_of_string level, of_hex stream)
        | _ -> failwith ("deflate.txt: " ^ l))
      (lines "deflate.txt")
  in
  (try Sys.mkdir "ours" 0o755 with Sys_error _ -> ());
  test_zlib cases;
  test_ours cases;
  test_pieces ();
  test_refused cases;
  test_messages ();
  test_noise ();
  Check.finish "deflate"
