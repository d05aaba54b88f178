(* A seeded fuzzer of the reader: random mutations (bytes changed, often
   to an opcode, inserted, deleted, slices repeated, cuts) of the
   committed checkpoints, half of them of a zip checkpoint's data.pkl
   written back into its archive (so that its CRC holds and the pickle is
   what is judged). Each mutant must be read or refused with [Error],
   nothing raised; one that is read gives every tensor as an array of its
   bytes, or an [Error] for a dtype without one. NX_FUZZ_CASES sets the
   number of cases (default 20,000). *)

open Nx_array
module T = Torch
module Zip = Nx_array_files.Zip

let check = Check.check
open Files

let rng = Random.State.make [| 29; 2026 |]
let int n = Random.State.int rng n

let files =
  [| "zip_dtypes.pt"; "zip_views.pt"; "legacy_views.pt"; "legacy_dtypes.pt"; "checkpoint.pt";
     "protocol4.pt"; "protocol5.pt"; "zip_shared.pt"; "big_endian.pt"; "deflated.pt"; "tar_views.pt";
     "tar_dtypes.pt" |]

let seeds = Array.map read files

(* A zip checkpoint's records, its data.pkl apart. *)
let split s =
  match Zip.of_buffer (Private.buffer_of_string s) with
  | Error _ -> None
  | Ok z ->
      let recs =
        Array.to_list
          (Array.map
             (fun e ->
               let b = if e.Zip.compressed then Result.get_ok (Zip.inflate_into z e) else Zip.raw z e in
               (e.Zip.name, Private.string_of_buffer b))
             z.Zip.entries)
      in
      Option.map (fun (name, _) -> (name, recs))
        (List.find_opt (fun (n, _) -> Filename.basename n = "data.pkl") recs)

let zip = Stored_zip.zip

(* Opcodes and small numbers, drawn more often than other bytes. *)
let significant = "\x80\x95.(}])N\x88\x89JKM\x8a\x8bGX\x8cUCBtl\x85\x86\x87daesuqr\x94hjc\x93Rb\x81Q012\x00\x01\x02\x06\xff\n"

let random_byte () =
  if int 2 = 0 then significant.[int (String.length significant)] else Char.chr (int 256)

let mutate_once s =
  let n = String.length s in
  let i = if n = 0 then 0 else int n in
  let cut a b = String.sub s 0 a ^ String.sub s b (n - b) in
  let insert a x = String.sub s 0 a ^ x ^ String.sub s a (n - a) in
  match int 6 with
  | 0 when n > 0 -> String.mapi (fun k c -> if k = i then random_byte () else c) s
  | 1 when i < n -> cut i (i + 1)
  | 2 -> insert i (String.make 1 (random_byte ()))
  | 3 -> String.sub s 0 (int (n + 1))
  | 4 when n > 0 ->
      let j = min n (i + 1 + int 24) in
      insert (int (n + 1)) (String.sub s i (j - i))
  | _ when n > 0 -> cut i (min n (i + 1 + int 8))
  | _ -> s

let mutate s =
  let rec go k s = if k = 0 then s else go (k - 1) (mutate_once s) in
  go (1 + int 3) s

let check_read case c =
  List.iter
    (fun (name, (i : T.tensor_info)) ->
      match T.array c i with
      | Ok (T.Array a) ->
          check (String.length (to_string a) = T.nbytes i) "case %d: %s: %d bytes" case name (T.nbytes i)
      | Error m -> check (T.dtype_of_torch i.dtype = None && m <> "") "case %d: %s: %s" case name m
      | exception e -> check false "case %d: %s: raised %s" case name (Printexc.to_string e))
    (T.tensors c);
  match T.state_dict c with
  | Ok sd -> ( match T.duplicates sd with Ok _ | Error _ -> ())
  | Error _ -> ()

let () =
  let cases = Option.fold ~none:20_000 ~some:int_of_string (Sys.getenv_opt "NX_FUZZ_CASES") in
  let read = ref 0 and pickles = ref 0 in
  for case = 1 to cases do
    let k = int (Array.length seeds) in
    let m =
      match split seeds.(k) with
      | Some (pkl, recs) when int 2 = 0 ->
          incr pickles;
          zip (List.map (fun (n, d) -> if n = pkl then (n, mutate d) else (n, d)) recs)
      | _ -> mutate seeds.(k)
    in
    (match Sys.getenv_opt "NX_TORCH_DUMP" with
     | Some dir when case <= 3000 ->
         Out_channel.with_open_bin (Filename.concat dir (Printf.sprintf "m%d.pt" case)) (fun oc -> output_string oc m);
         Out_channel.with_open_gen [ Open_append; Open_creat ] 0o644 (Filename.concat dir "verdicts.txt")
           (fun oc ->
             Printf.fprintf oc "m%d\t%s\n" case
               (match T.of_string m with Ok _ -> "read" | Error _ | (exception _) -> "refused"))
     | _ -> ());
    match T.of_string m with
    | Ok c -> incr read; check_read case c
    | Error e -> check (e <> "") "case %d: empty message" case
    | exception e -> check false "case %d (%s of %s): raised %s" case (hex m) files.(k) (Printexc.to_string e)
  done;
  Printf.printf "torch_fuzz: %d cases (%d of a data.pkl), %d read\n" cases !pickles !read;
  Check.finish "torch_fuzz"
