(* Checkpoints torch.save wrote (gen_files.py), read as torch.load reads
   them (expected.txt): each tensor's dtype, shape, stride, offset,
   storage, flags and bytes; the object as a whole; the shared tensors
   and duplicates as safetensors finds them; the hostile files refused,
   naming what they call. Each file read both by map_file and by
   read_file. *)

open Nx_array
module T = Torch

let check = Check.check
let eq_s = Check.eq ~pp:Format.pp_print_string
open Files

let dims a = if Array.length a = 0 then "-" else String.concat "x" (Array.to_list (Array.map string_of_int a))

let rec canon = function
  | T.Null -> "N"
  | Bool b -> if b then "T" else "F"
  | Int n -> "i" ^ string_of_int n
  | Long s -> "L" ^ hex s
  | Float f -> Printf.sprintf "f%016Lx" (Int64.bits_of_float f)
  | String s -> "s" ^ (if s = "" then "" else hex s)
  | Bytes s -> "b" ^ (if s = "" then "" else hex s)
  | Tensor _ -> "t"
  | Tuple l -> "(" ^ String.concat "" (List.map (fun v -> canon v ^ ",") l) ^ ")"
  | List l -> "[" ^ String.concat "" (List.map (fun v -> canon v ^ ",") l) ^ "]"
  | Dict l -> "{" ^ String.concat "" (List.map (fun (k, v) -> canon k ^ ":" ^ canon v ^ ",") l) ^ "}"
  | Device d -> "D" ^ d
  | Global g -> "G" ^ g

let rows = List.map (String.split_on_char '\t') (lines "expected.txt" @ lines "expected_tar.txt")
let rows_of kind file = List.filter (function k :: f :: _ -> k = kind && f = file | _ -> false) rows

(* The bytes of an array, little-endian. *)
let array_bytes (T.Array a) = to_string a

let check_file how file fmt c =
  let what = Printf.sprintf "%s (%s)" file how in
  eq_s (what ^ ": format") fmt (match T.format c with T.Zip -> "zip" | Legacy -> "legacy" | Tar -> "tar");
  let storages = ref [] in
  let rank (i : T.tensor_info) =
    let k = (i.storage.key, i.storage.location) in
    match List.assoc_opt k !storages with
    | Some r -> r
    | None ->
        let r = List.length !storages in
        storages := !storages @ [ (k, r) ];
        r
  in
  let want = rows_of "tensor" file in
  let got = T.tensors c in
  check (List.length want = List.length got) "%s: %d tensors, expected %d" what (List.length got)
    (List.length want);
  List.iter2
    (fun row (name, (i : T.tensor_info)) ->
      match row with
      | [ _; _; path; dtype; shape; stride; offset; storage; grad; param; contig; bytes ] ->
          let w = what ^ ": " ^ path in
          eq_s (w ^ ": name") path name;
          eq_s (w ^ ": dtype") dtype i.dtype;
          eq_s (w ^ ": shape") shape (dims i.shape);
          eq_s (w ^ ": stride") stride (dims i.stride);
          eq_s (w ^ ": offset") offset (string_of_int i.offset);
          eq_s (w ^ ": storage") storage (string_of_int (rank i));
          eq_s (w ^ ": requires_grad") grad (string_of_bool i.requires_grad |> String.capitalize_ascii);
          eq_s (w ^ ": parameter") param (string_of_bool i.parameter |> String.capitalize_ascii);
          eq_s (w ^ ": contiguous") contig (string_of_bool (T.is_contiguous i) |> String.capitalize_ascii);
          (match T.array c i, T.dtype_of_torch i.dtype with
           | Ok a, Some _ ->
               eq_s (w ^ ": bytes") bytes (hex (array_bytes a));
               (* Contiguous little-endian tensors are the file's bytes. *)
               let (T.Array arr) = a in
               let shares =
                 T.nbytes i > 0 && Private.overlap (buffer arr) i.storage.bytes
               in
               check
                 (shares = (T.nbytes i > 0 && T.is_contiguous i && T.byteorder c = `Little))
                 "%s: shares its storage: %b" w shares
           | Error m, None -> check (contains m i.dtype) "%s: refused without its dtype: %s" w m
           | Ok _, None -> check false "%s: an array of a dtype without one" w
           | Error m, Some _ -> check false "%s: refused: %s" w m)
      | _ -> check false "bad row in expected.txt")
    (List.filteri (fun k _ -> k < List.length got) want)
    (List.filteri (fun k _ -> k < List.length want) got);
  (match rows_of "root" file with
   | [ [ _; _; v ] ] -> eq_s (what ^ ": root") v (canon (T.root c))
   | _ -> check false "%s: no root row" what);
  (match rows_of "shared" file, T.state_dict c with
   | [ [ _; _; groups ] ], Ok sd ->
       eq_s (what ^ ": shared") groups (String.concat ";" (List.map (String.concat ",") (T.shared sd)))
   | [], _ -> ()
   | _, Error m -> check false "%s: no state dict: %s" what m
   | _ -> check false "%s: bad shared row" what);
  match rows_of "dups" file with
  | [ [ _; _; want ] ] -> (
      match T.state_dict c with
      | Error m -> check false "%s: no state dict: %s" what m
      | Ok sd ->
          let got =
            match T.duplicates sd with
            | Ok l -> String.concat ";" (List.map (fun (k, r) -> k ^ ":" ^ String.concat "," r) l)
            | Error _ -> "error"
          in
          eq_s (what ^ ": duplicates") want got)
  | _ -> ()

let files = List.filter_map (function [ "file"; f; fmt ] -> Some (f, fmt) | _ -> None) rows

(* What each refused file's error names. *)
let refusals =
  [ ("evil_system.pt", [ "evil_system.pt: "; "GLOBAL"; "posix.system"; "refused" ]);
    ("evil_system_p4.pt", [ "evil_system_p4.pt: "; "STACK_GLOBAL"; "posix.system" ]);
    ("evil_eval.pt", [ "builtins.eval"; "nothing is imported or called" ]);
    ("evil_legacy.pt", [ "the object's pickle"; "posix.system" ]);
    ("quantized.pt", [ "torch._utils._rebuild_qtensor"; "quantized tensors are not read" ]) ]

let () =
  check (List.length files >= 12) "%d files in expected.txt" (List.length files);
  List.iter
    (fun (file, fmt) ->
      List.iter
        (fun (how, read) ->
          match read file with
          | Ok c -> check_file how file fmt c
          | Error m -> check false "%s (%s): %s" file how m)
        [ ("map_file", T.map_file); ("read_file", T.read_file) ])
    files;
  let refused = List.filter_map (function [ "refused"; f ] -> Some f | _ -> None) rows in
  check (List.length refused = List.length refusals) "%d refused files" (List.length refused);
  List.iter
    (fun f ->
      match T.map_file f, List.assoc_opt f refusals with
      | Ok _, _ -> check false "%s: read" f
      | Error m, Some frags ->
          check (String.starts_with ~prefix:(f ^ ": ") m) "%s: the error does not name it: %s" f m;
          List.iter (fun x -> check (contains m x) "%s: %S not in %s" f x m) frags
      | Error _, None -> check false "%s: no fragments" f)
    refused;
  (* The state dict under "state_dict" and under "model". *)
  List.iter
    (fun (f, names) ->
      match T.map_file f with
      | Error m -> check false "%s: %s" f m
      | Ok c -> (
          match T.state_dict c with
          | Ok sd -> eq_s (f ^ ": state dict") names (String.concat "," (List.map fst sd))
          | Error m -> check false "%s: %s" f m))
    [ ("checkpoint.pt", "w,b"); ("model_key.pt", "w,b"); ("zip_shared.pt", "lm_head.weight,embed.weight,first_rows,other") ];
  Check.finish "torch"
