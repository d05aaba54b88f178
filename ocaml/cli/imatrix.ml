(* Importance matrices as llama-imatrix writes them, read as
   llama-quantize reads them (common_imatrix_load and load_imatrix):
   each entry's weights, one per value of a row and per expert.

   - GGUF (llama-imatrix's default): the keys imatrix.datasets,
     imatrix.chunk_count and imatrix.chunk_size (llama-quantize refuses
     a file without them); for an entry NAME, the F32 tensors
     NAME.in_sum2 (ne0 x n sums of squared activations) and NAME.counts
     (n counts, one per expert, rounded to integers as lround does), and
     optionally NAME.in_sum of as many values as in_sum2. A weight is
     in_sum2 / count in float32, or 1 where the count is not positive.
     An entry without counts (0 of them) is skipped, as llama-quantize
     skips it; an in_sum2 without counts, or counts without in_sum2, is
     an error.
   - The legacy .dat: an int32 count of entries (at least 1), then for
     each an int32 name length, the name (up to its first NUL byte, as
     a C string), an int32 ncall, an int32 nval (at least 1) and nval
     float32 values (little-endian); a weight is value / ncall in
     float32 (ncall rounded to float32 first, as C's float / int64
     does), the value itself when ncall is not positive. What follows
     the entries (the last chunk count, the dataset's name) is not
     read.

   The weights must be finite and not negative (what quantize_into
   takes): a file whose weights are not is refused, naming the entry. *)

open Nx_array

type t = (string, float array) Hashtbl.t

let find (m : t) name = Hashtbl.find_opt m name
let f32 x = Int32.float_of_bits (Int32.bits_of_float x)

let fail path fmt = Printf.ksprintf (fun s -> failwith (path ^ ": " ^ s)) fmt

let check_weights path name w =
  Array.iteri
    (fun k x ->
      if not (Float.is_finite x && x >= 0.) then
        fail path "entry %S: weight %d is %g (importance weights are finite and not negative)" name k x)
    w

(* C's lround: to nearest, halves away from zero. *)
let lround x = Float.round x

let of_gguf path g =
  let m = Hashtbl.create 64 in
  List.iter
    (fun key -> if Gguf.find g key = None then fail path "not an importance matrix: no %s" key)
    [ "imatrix.datasets"; "imatrix.chunk_count"; "imatrix.chunk_size" ];
  let tensors = Gguf.tensors g in
  if tensors = [] then fail path "no entries";
  let floats (i : Gguf.info) =
    if i.ggml_type.type_name <> "F32" then fail path "%s is %s, not F32" i.name i.ggml_type.type_name;
    match Gguf.get_as Dtype.Float32 g i.name with
    | Ok a -> to_array (reshape a [| size a |])
    | Error e -> fail path "%s" e
  in
  let entry suffix name = Gguf.find_info g (name ^ suffix) in
  let names =
    List.sort_uniq compare
      (List.filter_map
         (fun (i : Gguf.info) ->
           List.find_map
             (fun s -> Filename.chop_suffix_opt ~suffix:s i.name)
             [ ".in_sum2"; ".in_sum"; ".counts" ])
         tensors)
  in
  List.iter
    (fun name ->
      match (entry ".in_sum2" name, entry ".counts" name) with
      | None, _ -> fail path "entry %S has no %s.in_sum2" name name
      | _, None -> fail path "entry %S has no %s.counts" name name
      | Some s, Some c ->
          let sums = floats s and counts = Array.map lround (floats c) in
          (match entry ".in_sum" name with
           | Some a when Array.length (floats a) <> Array.length sums ->
               fail path "entry %S: %d in_sum values for %d in_sum2" name (Array.length (floats a))
                 (Array.length sums)
           | _ -> ());
          let n = Array.length counts in
          if n > 0 && Array.length sums > 0 then begin
            if Array.length sums mod n <> 0 then
              fail path "entry %S: %d sums for %d counts" name (Array.length sums) n;
            let ne0 = Array.length sums / n in
            let w =
              Array.mapi
                (fun k s ->
                  let c = counts.(k / ne0) in
                  if c > 0. then f32 (s /. f32 c) else 1.)
                sums
            in
            check_weights path name w;
            Hashtbl.replace m name w
          end)
    names;
  m

let of_legacy path s =
  let m = Hashtbl.create 64 in
  let pos = ref 0 in
  let need n what =
    if !pos + n > String.length s then
      fail path "truncated: %s at byte %d needs %d bytes, the file has %d" what !pos n (String.length s)
  in
  let int32 what =
    need 4 what;
    let v = Int32.to_int (String.get_int32_le s !pos) in
    pos := !pos + 4;
    v
  in
  let entries = int32 "the count of entries" in
  if entries < 1 then fail path "%d entries" entries;
  for e = 1 to entries do
    let len = int32 (Printf.sprintf "entry %d's name length" e) in
    if len < 0 then fail path "entry %d: a name of %d bytes" e len;
    need len (Printf.sprintf "entry %d's name" e);
    let raw = String.sub s !pos len in
    let name = match String.index_opt raw '\000' with Some k -> String.sub raw 0 k | None -> raw in
    pos := !pos + len;
    let ncall = int32 (Printf.sprintf "entry %S's ncall" name) in
    let nval = int32 (Printf.sprintf "entry %S's value count" name) in
    if nval < 1 then fail path "entry %S has %d values" name nval;
    need (4 * nval) (Printf.sprintf "entry %S's %d values" name nval);
    let d = f32 (float ncall) in
    let v =
      Array.init nval (fun i ->
          let x = Int32.float_of_bits (String.get_int32_le s (!pos + (4 * i))) in
          if ncall > 0 then f32 (x /. d) else x)
    in
    pos := !pos + (4 * nval);
    check_weights path name v;
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

(* As llama-quantize (llama-quant.cpp): an entry is ne0 x experts
   weights, experts the tensor's third ggml dimension (1 for a matrix);
   token_embd's entry of another size is ignored (the tensor quantized
   without it), any other's refused. *)
let for_tensor m name ~ne =
  let ne0 = ne.(0) and experts = if Array.length ne > 2 then ne.(2) else 1 in
  match find m name with
  | Some w when Array.length w <> ne0 * experts ->
      if name = "token_embd.weight" then Ok None
      else
        Error
          (Printf.sprintf "tensor %S: the importance matrix has %d values, not %d x %d" name (Array.length w)
             ne0 experts)
  | w -> Ok w

let expert_weights w ~ne0 e =
  if ne0 <= 0 || Array.length w < ne0 || e < 0 then invalid_arg "Imatrix.expert_weights";
  let experts = Array.length w / ne0 in
  of_array Dtype.Float32 [| ne0 |] (Array.sub w (e mod experts * ne0) ne0)

let quantize ?weights (t : Gguf.ggml_type) ~ne x dst =
  let ne0 = ne.(0) in
  let per_expert = ne0 * if Array.length ne > 1 then ne.(1) else 1 in
  match weights with
  | None -> Gguf.quantize_into t ~n_per_row:ne0 x dst
  | Some _ when per_expert = 0 -> Ok ()
  | Some w ->
      let flat = reshape x [| size x |] in
      let bytes = per_expert / t.block_size * t.type_size in
      let rec go e =
        if e * per_expert >= size x then Ok ()
        else
          let xs = of_buffer Dtype.Float32 [| per_expert |] (Bigarray.Array1.sub (buffer flat) (4 * e * per_expert) (4 * per_expert)) in
          let ds = of_buffer Dtype.Uint8 [| bytes |] (Bigarray.Array1.sub (buffer dst) (e * bytes) bytes) in
          match Gguf.quantize_into ~imatrix:(expert_weights w ~ne0 e) t ~n_per_row:ne0 xs ds with
          | Ok () -> go (e + 1)
          | Error m -> Error m
      in
      go 0
