(* Importance matrices as llama-imatrix writes them, read as
   llama-quantize reads them (its load_imatrix): each entry's weights,
   one per value of a row and per expert.

   - GGUF (llama-imatrix's default): for an entry NAME, the float32
     tensors NAME.in_sum2 (ne0 x n sums of squared activations) and
     NAME.counts (n counts, one per expert); a weight is in_sum2 / count,
     or 1 where the count is 0.
   - The legacy .dat: an int32 count of entries, then for each an int32
     name length, the name, an int32 ncall, an int32 nval and nval
     float32 values (little-endian); a weight is value / ncall (the
     value itself when ncall is 0). What follows the entries (the last
     chunk, the dataset's name) is not read. *)

open Nx_array

type t = (string, float array) Hashtbl.t

let find (m : t) name = Hashtbl.find_opt m name

let of_gguf path g =
  let m = Hashtbl.create 64 in
  let floats name =
    match Gguf.get_as Dtype.Float32 g name with
    | Ok a -> to_array (reshape a [| size a |])
    | Error e -> failwith (Printf.sprintf "%s: %s" path e)
  in
  List.iter
    (fun (i : Gguf.info) ->
      match Filename.chop_suffix_opt ~suffix:".in_sum2" i.name with
      | None -> ()
      | Some name ->
          let sums = floats i.name in
          let counts =
            match Gguf.find_info g (name ^ ".counts") with
            | Some _ -> floats (name ^ ".counts")
            | None -> failwith (Printf.sprintf "%s: %s has no %s.counts" path i.name name)
          in
          let n = Array.length counts in
          if n = 0 || Array.length sums mod n <> 0 then
            failwith (Printf.sprintf "%s: %s: %d sums for %d counts" path name (Array.length sums) n);
          let ne0 = Array.length sums / n in
          Hashtbl.replace m name
            (Array.mapi
               (fun k s ->
                 let c = counts.(k / ne0) in
                 (* float32 division, as llama-quantize's *)
                 if c > 0. then Int32.float_of_bits (Int32.bits_of_float (s /. c)) else 1.)
               sums))
    (Gguf.tensors g);
  m

let of_legacy path s =
  let m = Hashtbl.create 64 in
  let pos = ref 0 in
  let need n =
    if !pos + n > String.length s then failwith (Printf.sprintf "%s: truncated at byte %d" path !pos)
  in
  let int32 () =
    need 4;
    let v = Int32.to_int (String.get_int32_le s !pos) in
    pos := !pos + 4;
    v
  in
  let entries = int32 () in
  if entries < 0 then failwith (Printf.sprintf "%s: %d entries" path entries);
  for _ = 1 to entries do
    let len = int32 () in
    if len < 0 then failwith (Printf.sprintf "%s: a name of %d bytes" path len);
    need len;
    let name = String.sub s !pos len in
    pos := !pos + len;
    let ncall = int32 () in
    let nval = int32 () in
    if nval < 1 then failwith (Printf.sprintf "%s: %s has %d values" path name nval);
    need (4 * nval);
    let v =
      Array.init nval (fun i ->
          let x = Int32.float_of_bits (String.get_int32_le s (!pos + (4 * i))) in
          if ncall > 0 then Int32.float_of_bits (Int32.bits_of_float (x /. float ncall)) else x)
    in
    pos := !pos + (4 * nval);
    Hashtbl.replace m name v
  done;
  m

let read path =
  match In_channel.with_open_bin path In_channel.input_all with
  | exception Sys_error e -> Error e
  | s -> (
      try
        if String.length s >= 4 && String.sub s 0 4 = "GGUF" then
          match Gguf.of_string s with Ok g -> Ok (of_gguf path g) | Error e -> Error (path ^ ": " ^ e)
        else Ok (of_legacy path s)
      with Failure e -> Error e)
