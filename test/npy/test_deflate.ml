(* The library's inflate, deflate and CRC-32 (internal modules of .npz)
   against zlib: zlib's raw streams at levels 0 to 9 (deflate.txt, from
   gen_files.py) inflate to their inputs, whose CRC-32 is zlib's; our
   deflate of each input inflates back, within the bound the zip writer
   relies on; cut, extended and flipped streams are refused, never
   raise. Our streams go to ours/ for check_python.py to inflate with
   zlib. *)

module Inflate = Nx_array_files.Inflate
module Deflate = Nx_array_files.Deflate
module Crc32 = Nx_array_files.Crc32
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
    (Inflate.run b 0 (String.length s) ~expect ~emit:(fun o off n -> Buffer.add_subbytes out o off n))

let crc s = Crc32.finish (Crc32.update Crc32.init (buffer_of_string s) 0 (String.length s))

(* zlib's streams, inflated. *)
let test_zlib cases =
  List.iter
    (fun (recipe, input, crc32, level, stream) ->
      let what = Printf.sprintf "%s level %d" recipe level in
      check (crc input = crc32) "%s: CRC-32 %08x, zlib's %08x" what (crc input) crc32;
      check (Crc32.update_string Crc32.init input 0 (String.length input) |> Crc32.finish = crc32)
        "%s: CRC-32 of a string" what;
      match inflate ~expect:(String.length input) stream with
      | Ok got -> check (got = input) "%s: inflated to other bytes" what
      | Error m -> check false "%s: %s" what m)
    cases

(* Our streams, inflated; written for check_python.py. *)
let test_ours cases =
  let listing = Buffer.create 1024 in
  List.iteri
    (fun i (recipe, input, _, level, _) ->
      if level = 9 || level = 0 then begin
        let s = Deflate.to_string input in
        let n = String.length input in
        check (String.length s <= Deflate.bound n) "%s: %d bytes, past the bound %d" recipe
          (String.length s) (Deflate.bound n);
        (match inflate ~expect:n s with
         | Ok got -> check (got = input) "%s: ours inflated to other bytes" recipe
         | Error m -> check false "%s: ours: %s" recipe m);
        let file = Printf.sprintf "ours/deflate_%d.bin" i in
        Out_channel.with_open_bin file (fun oc -> output_string oc s);
        Printf.bprintf listing "%s %s %d %08x\n" file recipe n (crc input)
      end)
    cases;
  Out_channel.with_open_bin "ours/deflate.txt" (fun oc -> Buffer.output_buffer oc listing)

(* Pieces of any size give the stream one piece gives. *)
let test_pieces () =
  let input = make "runs:7:300000:300" ^ make "lcg:4:5000:256" in
  let whole = Deflate.to_string input in
  List.iter
    (fun piece ->
      let b = Buffer.create 1024 in
      let e = Deflate.create ~emit:(fun o off n -> Buffer.add_subbytes b o off n) in
      let i = ref 0 in
      while !i < String.length input do
        let k = min piece (String.length input - !i) in
        Deflate.add e (buffer_of_string (String.sub input !i k)) 0 k;
        i := !i + k
      done;
      Deflate.finish e;
      check (Buffer.contents b = whole) "pieces of %d: another stream" piece)
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
      if n > 0 then
        check (Result.is_error (inflate ~expect:(n - 1) stream)) "%s: one byte fewer announced" recipe)
    small;
  List.iter
    (fun (name, s) ->
      check (match inflate ~expect:10 s with Error m -> String.length m > 0 | Ok _ -> false) "%s" name)
    [ ("reserved block type", "\x07"); ("stored length not complemented", "\x01\x05\x00\x00\x00abcde");
      (* zlib: "invalid distance too far back", "missing end-of-block". *)
      ("distance past the start", of_hex "030200");
      ("no end of block code",
       of_hex "05c001040000000010000000000000000000000000030000000000000000000000000000000000000000") ]

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
  test_noise ();
  Check.finish "deflate"
