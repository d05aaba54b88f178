(* A seeded fuzzer of the reader: random mutations of good files (bytes
   flipped, inserted, deleted, truncated, slices repeated, numbers and the
   header's length rewritten). Each mutant must be read or refused with
   [Error], nothing raised; one that is read gives every tensor, and
   written back reads back the same. NX_FUZZ_CASES sets the number of
   cases (default 20,000). The first 3,000 mutants go to mutants.txt with
   our verdict, for check_python.py to compare with the reference's. *)

open Nx_array
module S = Safetensors

let check = Check.check

open Files
let rng = Random.State.make [| 17; 2026 |]
let int n = Random.State.int rng n
(* The good files: the reference's, and the catalogue's accepted ones. *)
let seeds =
  let catalogue =
    In_channel.with_open_bin "malformed.txt" In_channel.input_lines
    |> List.filter_map (fun l ->
           match String.split_on_char ' ' l with
           | _ :: "accepted" :: h :: _ -> Some (of_hex h)
           | _ -> None)
  in
  Array.of_list
    (List.map read
       [ "ref_all.safetensors"; "ref_misaligned.safetensors"; "ref_meta_escapes.safetensors";
         "ref_empty.safetensors" ]
    @ catalogue)

let header_length s = if String.length s < 8 then 0 else Int64.to_int (String.get_int64_le s 0)

let set_header_length s n =
  if String.length s < 8 then s
  else
    let b = Bytes.of_string s in
    Bytes.set_int64_le b 0 (Int64.of_int n);
    Bytes.to_string b

(* Bytes that matter to JSON and UTF-8, drawn more often than others. *)
let significant = "{}[],:\"\\0123456789-.eE \t\ntfnul\x00\x7f\x80\xbf\xc3\xed\xff"

let random_byte () =
  if int 2 = 0 then significant.[int (String.length significant)] else Char.chr (int 256)

let numbers =
  [| "0"; "1"; "7"; "00"; "-1"; "1.0"; "1e3"; "4611686018427387903"; "4611686018427387904";
     "9223372036854775807"; "18446744073709551615"; "18446744073709551616"; "1e400" |]

(* A position, in the header four times out of five. *)
let position s =
  let n = String.length s in
  if n = 0 then 0
  else
    let h = header_length s in
    if int 5 > 0 && h > 0 && 8 + h <= n then 8 + int h else int n

let mutate_once s =
  let n = String.length s in
  let i = position s in
  let cut a b = String.sub s 0 a ^ String.sub s b (n - b) in
  let insert a x = String.sub s 0 a ^ x ^ String.sub s a (n - a) in
  (* Keeps the header's length in step with a change of [d] bytes in the
     header, most of the time, so that the JSON is what is judged. *)
  let follow d s =
    if i >= 8 && i <= 8 + header_length s && int 4 > 0 then
      set_header_length s (header_length s + d)
    else s
  in
  match int 8 with
  | 0 when n > 0 -> String.mapi (fun k c -> if k = i then random_byte () else c) s
  | 1 when i < n -> follow (-1) (cut i (i + 1))
  | 2 -> follow 1 (insert i (String.make 1 (random_byte ())))
  | 3 -> String.sub s 0 (int (n + 1))
  | 4 when n > 0 ->
      let j = min n (i + 1 + int 16) in
      let piece = String.sub s i (j - i) in
      follow (j - i) (insert i piece)
  | 5 -> set_header_length s (max 0 (header_length s + int 17 - 8))
  | 6 -> (
      (* A number of the header replaced by another. *)
      let h = min n (8 + header_length s) in
      let rec digit k =
        if k >= h then None else if '0' <= s.[k] && s.[k] <= '9' then Some k else digit (k + 1)
      in
      match digit (max 8 (min i h)) with
      | None -> s
      | Some a ->
          let b = ref a in
          while !b < n && '0' <= s.[!b] && s.[!b] <= '9' do incr b done;
          let x = numbers.(int (Array.length numbers)) in
          follow (String.length x - (!b - a)) (String.sub s 0 a ^ x ^ String.sub s !b (n - !b)))
  | _ when n > 0 ->
      let j = min n (i + 1 + int 8) in
      follow (i - j) (cut i j)
  | _ -> s

let mutate s =
  let rec go k s = if k = 0 then s else go (k - 1) (mutate_once s) in
  go (1 + int 3) s

let tensor_bytes = function
  | S.Tensor a -> Bigarray.Array1.dim (buffer a)
  | S.Raw r -> size r.data

(* A mutant that is read: every tensor there, of its bytes, and written
   back, read back the same. *)
let check_read case st =
  let infos = S.tensors st in
  List.iter
    (fun (i : S.info) ->
      match S.find_tensor st i.name with
      | Some t ->
          check (tensor_bytes t = snd i.offsets - fst i.offsets) "case %d: %s: bytes" case i.name
      | None -> check false "case %d: %s: listed, not found" case i.name)
    infos;
  let tensors = List.map (fun (i : S.info) -> (i.name, S.get_tensor st i.name)) infos in
  match S.of_string (S.to_string ?metadata:(S.metadata st) tensors) with
  | Ok st' ->
      let strip (i : S.info) = (i.name, i.dtype, i.shape) in
      let sort l = List.sort compare (List.map strip l) in
      check
        (sort (S.tensors st') = sort infos && S.metadata st' = S.metadata st)
        "case %d: written back, read back differently" case
  | Error m -> check false "case %d: written back, refused: %s" case m

let () =
  let cases = Option.fold ~none:20_000 ~some:int_of_string (Sys.getenv_opt "NX_FUZZ_CASES") in
  let read = ref 0 in
  Out_channel.with_open_bin "mutants.txt" @@ fun oc ->
  for case = 1 to cases do
    let m = mutate seeds.(int (Array.length seeds)) in
    let verdict =
      match S.of_string m with
      | Ok st -> incr read; check_read case st; "accepted"
      | Error e -> check (e <> "") "case %d: empty message" case; "refused " ^ e
      | exception e ->
          check false "case %d (%s): raised %s" case (hex m) (Printexc.to_string e);
          "raised"
    in
    if case <= 3000 then
      Printf.fprintf oc "%s %s\n" (hex m) (String.escaped verdict)
  done;
  Printf.printf "safetensors fuzz: %d mutants, %d read, the others refused\n" cases !read;
  Check.finish "safetensors_fuzz"
