(* A seeded fuzzer of the .npz and .npy readers: random mutations of the
   good files (bytes flipped, inserted, deleted, truncated, slices
   repeated, and the zip records' fields and the .npy header's length
   rewritten with values that matter). Each mutant must be read or refused
   with [Error], nothing raised; of one that is read, every array read
   whole and in pieces gives the same bytes, and written back reads back
   the same. NX_FUZZ_CASES sets the number of mutants of each kind
   (default 3,000). *)

open Nx_array
open Files
open Npy_files

let check = Check.check
let rng = Random.State.make [| 17; 2027 |]
let int n = Random.State.int rng n

let cases =
  match Sys.getenv_opt "NX_FUZZ_CASES" with Some n -> int_of_string n | None -> 3000

(* Good files small enough to be read thousands of times. *)
let seeds dir =
  Sys.readdir dir |> Array.to_list |> List.sort compare
  |> List.map (fun f -> read (Filename.concat dir f))
  |> List.filter (fun s -> String.length s <= 16384)
  |> Array.of_list

(* The offsets of the zip records' signatures in [s]. *)
let records s =
  let sigs = [ "PK\003\004"; "PK\001\002"; "PK\005\006"; "PK\006\006"; "PK\006\007"; "PK\007\008" ] in
  List.concat_map
    (fun sg ->
      let rec find i acc =
        match String.index_from_opt s i 'P' with
        | Some j when j + 4 <= String.length s ->
            find (j + 1) (if String.sub s j 4 = sg then j :: acc else acc)
        | _ -> acc
      in
      find 0 [])
    sigs
  |> Array.of_list

let specials = [| 0; 1; 2; 0xff; 0xffff; 0xfffe; 0xffffffff; 0xfffffffe; 0x7fffffff; 30; 46 |]

(* Writes [v] little-endian in [w] bytes at [i]. *)
let set_field s i w v =
  if i + w > String.length s then s
  else
    let b = Bytes.of_string s in
    for k = 0 to w - 1 do Bytes.set b (i + k) (Char.chr ((v lsr (8 * k)) land 0xff)) done;
    Bytes.to_string b

let mutate_once ~zip s =
  let n = String.length s in
  let i = if n = 0 then 0 else int n in
  let cut a b = String.sub s 0 a ^ String.sub s b (n - b) in
  let insert a x = String.sub s 0 a ^ x ^ String.sub s a (n - a) in
  match int 9 with
  | 0 when n > 0 -> String.mapi (fun k c -> if k = i then Char.chr (int 256) else c) s
  | 1 when i < n -> cut i (i + 1)
  | 2 -> insert i (String.make 1 (Char.chr (int 256)))
  | 3 -> String.sub s 0 (int (n + 1))
  | 4 when n > 0 ->
      let j = min n (i + 1 + int 32) in
      insert i (String.sub s i (j - i))
  | 5 | 6 | 7 when zip ->
      (* A field of a record: a 2- or 4-byte value at an even offset. *)
      let r = records s in
      if Array.length r = 0 then s
      else
        let at = r.(int (Array.length r)) + (2 * int 28) in
        let w = if int 2 = 0 then 2 else 4 in
        let v = if int 3 = 0 then int 0x10000 else specials.(int (Array.length specials)) in
        set_field s at w v
  | 5 | 6 when (not zip) && n > 10 ->
      (* The header's length, near what it is. *)
      set_field s 8 2 (max 0 (Char.code s.[8] + (256 * Char.code s.[9]) + int 17 - 8))
  | _ when n > 0 -> String.mapi (fun k c -> if k = i then Char.chr (Char.code c lxor (1 lsl int 8)) else c) s
  | _ -> s

let rec mutate ~zip s k = if k = 0 then s else mutate ~zip (mutate_once ~zip s) (k - 1)

(* An array read: its pieces give its bytes; written and read back, the
   same. *)
let check_read what ~write ~read_back ~pieces (Npy.Any a as any) =
  let whole = bytes_of any in
  let b = Buffer.create 64 in
  (match pieces (fun p -> Buffer.add_string b (bytes_of p)) with
   | Ok () -> check (Buffer.contents b = whole) "%s: pieces differ from the whole" what
   | Error m -> check false "%s: read whole, but not in pieces: %s" what m);
  match read_back (write any) with
  | Ok (Npy.Any c) -> check (equal a c) "%s: written and read back, another array" what
  | Error m -> check false "%s: written, then refused: %s" what m

(* [cases] mutants of [seeds], each judged by [judge what s read_ok],
   which must not raise. *)
let fuzz kind ~zip ~edits seeds judge =
  let read_ok = ref 0 in
  for c = 1 to cases do
    let s = mutate ~zip seeds.(int (Array.length seeds)) (1 + int edits) in
    let what = Printf.sprintf "%s mutant %d" kind c in
    match judge what s read_ok with
    | () -> ()
    | exception e -> check false "%s: raised %s" what (Printexc.to_string e)
  done;
  Printf.printf "%s fuzz: %d mutants, %d arrays read, the others refused\n" kind cases !read_ok

let judge_npz what s read_ok =
  match Npy.Npz.of_string s with
  | Error m -> check (m <> "") "%s: an empty message" what
  | Ok z ->
      List.iter
        (fun (m : Npy.Npz.member) ->
          ignore (Npy.Npz.header z m.file_name);
          match Npy.Npz.read z m.file_name with
          | Error _ -> ignore (Npy.Npz.iter_pieces ~piece:8 z m.file_name ignore)
          | Ok any ->
              incr read_ok;
              check_read what
                ~write:(fun any -> Npy.Npz.to_string [ ("x", any) ])
                ~read_back:(fun s -> Result.bind (Npy.Npz.of_string s) (fun z -> Npy.Npz.read z "x"))
                ~pieces:(fun f -> Npy.Npz.iter_pieces ~piece:8 z m.file_name f)
                any)
        (Npy.Npz.members z)

let judge_npy what s read_ok =
  match Npy.of_string s with
  | Error m -> check (m <> "") "%s: an empty message" what
  | Ok any ->
      incr read_ok;
      check_read what ~write:(fun (Npy.Any a) -> Npy.to_string a) ~read_back:Npy.of_string
        ~pieces:(fun f -> Npy.iter_pieces ~piece:8 (buffer_of_string s) f)
        any

let () =
  fuzz "npz" ~zip:true ~edits:3 (seeds "npz") judge_npz;
  fuzz "npy" ~zip:false ~edits:2 (seeds "npy") judge_npy;
  Check.finish "npy_fuzz"
