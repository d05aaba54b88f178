(* nx-dtype convert: the tensors of a file (safetensors, .npy, .npz or raw
   elements) into another, their float elements converted to a dtype,
   streamed a piece at a time: memory is bounded by a piece, not by the
   file. Everything about the input and the output's format is checked
   before the output is touched, and the output is written through
   Output_file: never over the input, never half. *)

open Nx_array

type opts = {
  mutable from : string list;  (* DTYPE or NAME=DTYPE, as given *)
  mutable into : string option;
  mutable only : string option;
  mutable rounding : Nx_array.rounding;
  mutable overflow : Nx_array.overflow;
  mutable byte_order : Nx_array.byte_order;
  mutable compress : bool;
  mutable no_map : bool;
  mutable plain_cast : bool;
  mutable max_shard : int option;
  mutable meta : string list;  (* --meta KEY[:TYPE]=VALUE, as given *)
  mutable split_tensors : int option;
  mutable split_size : int option;
  mutable no_tensor_first : bool;  (* --no-tensor-first-split *)
  mutable format : Source.format option;
  mutable files : string list;
}

let rounding_of = function
  | "nearest-even" -> Nearest_even | "nearest-away" -> Nearest_away
  | "toward-zero" -> Toward_zero | "toward-positive" -> Toward_positive
  | "toward-negative" -> Toward_negative
  | s -> Cli_error.fail "unknown rounding %S (nearest-even, nearest-away, toward-zero, toward-positive, toward-negative)" s

let overflow_of = function
  | "stores" -> Stores | "saturate" -> Saturate | "nan" -> Nan | "wrap" -> Wrap
  | "raise" -> Raise
  | s -> Cli_error.fail "unknown overflow %S (stores, saturate, nan, wrap, raise)" s

let byte_order_of = function
  | "little" -> Little_endian | "big" -> Big_endian
  | s -> Cli_error.fail "unknown byte order %S (little, big)" s

let format_of = function
  | "safetensors" -> Source.Safetensors_file | "npy" -> Source.Npy_file
  | "npz" -> Source.Npz_file | "raw" -> Source.Raw_file | "checkpoint" -> Source.Checkpoint_dir
  | "gguf" -> Source.Gguf_file
  | s -> Cli_error.fail "unknown format %S (safetensors, npy, npz, raw, checkpoint, gguf)" s

(* A size as huggingface_hub's parse_size_to_int reads one: a number and
   a decimal unit, KB, MB, GB or TB (5GB is 5,000,000,000 bytes), or a
   number of bytes. *)
let size_of v =
  let t = String.trim v in
  let n = String.length t in
  let unit = if n >= 2 then String.uppercase_ascii (String.sub t (n - 2) 2) else "" in
  let mult = match unit with "KB" -> Some 1e3 | "MB" -> Some 1e6 | "GB" -> Some 1e9 | "TB" -> Some 1e12 | _ -> None in
  let number, mult = match mult with Some m -> (String.trim (String.sub t 0 (n - 2)), m) | None -> (t, 1.) in
  (* A decimal number (Python's float syntax, less its nan and inf),
     not OCaml's (hexadecimal, underscores). *)
  let decimal =
    number <> ""
    && String.for_all (function '0' .. '9' | '.' | 'e' | 'E' | '+' | '-' -> true | _ -> false) number
  in
  match if decimal then float_of_string_opt number else None with
  | Some x when Float.is_finite x && x *. mult >= 1. && x *. mult < 4e18 -> int_of_float (x *. mult)
  | _ -> Cli_error.fail "--max-shard-size %S is not a size of a byte or more (5GB, 500MB, or bytes)" v

(* A split's size as gguf-py's convert_hf_to_gguf reads --split-max-size
   (llama.cpp's gguf-split reads M and G): a whole number, of bytes or
   followed by K, M or G, decimal units (2G is 2,000,000,000 bytes). *)
let split_size_of v =
  let n = String.length v in
  let digits, mult =
    match if n > 0 then v.[n - 1] else ' ' with
    | 'K' -> (String.sub v 0 (n - 1), 1_000)
    | 'M' -> (String.sub v 0 (n - 1), 1_000_000)
    | 'G' -> (String.sub v 0 (n - 1), 1_000_000_000)
    | _ -> (v, 1)
  in
  match
    if digits <> "" && String.length digits <= 15 && String.for_all (fun c -> c >= '0' && c <= '9') digits
    then int_of_string_opt digits
    else None
  with
  | Some k when k >= 1 -> k * mult
  | _ -> Cli_error.fail "--split-max-size %S is not a size of a byte or more (2G, 500M, 100K, or bytes)" v

let count_of flag v =
  match int_of_string_opt v with
  | Some n when n >= 1 && String.for_all (fun c -> c >= '0' && c <= '9') v -> n
  | _ -> Cli_error.fail "%s %S is not a count of 1 or more" flag v

(* --meta KEY=VALUE (a string) or KEY:TYPE=VALUE: a GGUF metadata value. *)
let meta_types : (string * Gguf.value_type) list =
  Gguf.[ ("u8", U8); ("i8", I8); ("u16", U16); ("i16", I16); ("u32", U32); ("i32", I32);
         ("u64", U64); ("i64", I64); ("f32", F32); ("f64", F64); ("bool", Bool); ("str", String) ]

let meta_of v =
  let bad fmt = Printf.ksprintf (fun m -> Cli_error.fail "--meta %S: %s" v m) fmt in
  let lhs, value =
    match String.index_opt v '=' with
    | Some i -> (String.sub v 0 i, String.sub v (i + 1) (String.length v - i - 1))
    | None -> Cli_error.fail "--meta %S is not KEY=VALUE or KEY:TYPE=VALUE" v
  in
  let key, (ty : Gguf.value_type) =
    match String.rindex_opt lhs ':' with
    | None -> (lhs, String)
    | Some j -> (
        let t = String.sub lhs (j + 1) (String.length lhs - j - 1) in
        match List.assoc_opt t meta_types with
        | Some ty -> (String.sub lhs 0 j, ty)
        | None ->
            bad "unknown type %S (%s)" t (String.concat ", " (List.map fst meta_types)))
  in
  if key = "" then bad "no key";
  if not (String.is_valid_utf_8 key && String.is_valid_utf_8 value) then bad "not UTF-8";
  let integer () =
    let body = if String.starts_with ~prefix:"-" value then String.sub value 1 (String.length value - 1) else value in
    if body = "" || not (String.for_all (fun c -> c >= '0' && c <= '9') body) then
      bad "%S is not a whole number" value
  in
  let range () = bad "%s is out of the range of %s" value (Gguf.value_type_name ty) in
  let x : Gguf.value =
    match ty with
    | String -> String value
    | Bool -> (
        match value with "true" -> Bool true | "false" -> Bool false
        | _ -> bad "%S is not true or false" value)
    | F32 | F64 -> (
        let decimal =
          value <> ""
          && String.for_all (function '0' .. '9' | '.' | 'e' | 'E' | '+' | '-' -> true | _ -> false) value
        in
        match if decimal then float_of_string_opt value else None with
        | Some x ->
            (* A finite decimal past the type's largest (rounded to
               float32, to nearest, for F32) is out of its range. *)
            let stored = if ty = F32 then Int32.float_of_bits (Int32.bits_of_float x) else x in
            if not (Float.is_finite stored) then range ();
            Float (ty, x)
        | None -> bad "%S is not a decimal number" value)
    | U64 -> (
        integer ();
        if value.[0] = '-' then range ();
        match Int64.of_string_opt ("0u" ^ value) with Some x -> Int64 (ty, x) | None -> range ())
    | I64 -> (
        integer ();
        match Int64.of_string_opt value with Some x -> Int64 (ty, x) | None -> range ())
    | _ -> (
        integer ();
        match int_of_string_opt value with Some x -> Int (ty, x) | None -> range ())
  in
  (* The library says whether the value is one of its type. *)
  (try ignore (Gguf.array ty [ x ]) with Invalid_argument _ -> range ());
  (key, x)

let parse args =
  let o = { from = []; into = None; only = None; rounding = Nearest_even; overflow = Stores;
            byte_order = Little_endian; compress = false; no_map = false; plain_cast = false;
            max_shard = None; meta = []; split_tensors = None; split_size = None; no_tensor_first = false; format = None;
            files = [] } in
  (* Each option but --from given once. *)
  let rec once seen = function
    | (("--to" | "--only" | "--rounding" | "--overflow" | "--byte-order" | "--format"
       | "--max-shard-size" | "--split-max-size" | "--split-max-tensors") as f) :: _ :: r ->
        if List.mem f seen then Cli_error.fail "%s is given twice" f;
        once (f :: seen) r
    | _ :: r -> once seen r
    | [] -> ()
  in
  once [] args;
  let rec go = function
    | "--from" :: v :: r -> o.from <- o.from @ [ v ]; go r
    | "--to" :: v :: r -> o.into <- Some v; go r
    | "--only" :: v :: r -> o.only <- Some v; go r
    | "--rounding" :: v :: r -> o.rounding <- rounding_of v; go r
    | "--overflow" :: v :: r -> o.overflow <- overflow_of v; go r
    | "--byte-order" :: v :: r -> o.byte_order <- byte_order_of v; go r
    | "--compress" :: r -> o.compress <- true; go r
    | "--no-map" :: r -> o.no_map <- true; go r
    | "--plain-cast" :: r -> o.plain_cast <- true; go r
    | "--max-shard-size" :: v :: r -> o.max_shard <- Some (size_of v); go r
    | "--format" :: v :: r -> o.format <- Some (format_of v); go r
    | "--meta" :: v :: r -> o.meta <- o.meta @ [ v ]; go r
    | "--no-tensor-first-split" :: r -> o.no_tensor_first <- true; go r
    | "--split-max-size" :: v :: r -> o.split_size <- Some (split_size_of v); go r
    | "--split-max-tensors" :: v :: r -> o.split_tensors <- Some (count_of "--split-max-tensors" v); go r
    | [ ("--from" | "--to" | "--only" | "--rounding" | "--overflow" | "--byte-order"
        | "--format" | "--max-shard-size" | "--meta" | "--split-max-size" | "--split-max-tensors") as f ] ->
        Cli_error.fail "%s needs a value" f
    | f :: _ when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | f :: r -> o.files <- o.files @ [ f ]; go r
    | [] -> ()
  in
  go args;
  o

(* The names --from gives a dtype, and the dtype it names for the tensor
   [name]: its own NAME=DTYPE, else the DTYPE given alone. *)
let from_of froms =
  let named, plain =
    List.partition_map
      (fun v ->
        match String.rindex_opt v '=' with
        | Some i ->
            Left (String.sub v 0 i, Cli_error.dtype_of_name (String.sub v (i + 1) (String.length v - i - 1)))
        | None -> Right (Cli_error.dtype_of_name v))
      froms
  in
  let plain =
    match plain with
    | [] -> None
    | [ d ] -> Some d
    | _ -> Cli_error.fail "--from DTYPE is given twice (name tensors with --from NAME=DTYPE)"
  in
  List.iter
    (fun (n, _) ->
      if List.length (List.filter (fun (m, _) -> m = n) named) > 1 then
        Cli_error.fail "--from %s=... is given twice" n)
    named;
  (List.map fst named, fun name -> match List.assoc_opt name named with Some d -> Some d | None -> plain)

(* Elements per piece: a multiple of 8, so that packed pieces end on a
   byte. *)
let piece = 1 lsl 20

let progress_threshold = Progress.threshold

(* A tensor to write: its source, and the dtype its elements become. *)
type job = { t : Source.tensor; src : Dtype.any; dst : Dtype.any }

let is_float (Dtype.Any dt) = match Dtype.kind dt with Dtype.Float -> true | _ -> false

(* Scaled weights. A float8 or float4 tensor is often half of a pair:
   its true values are its elements times a scale stored beside it
   (DeepSeek's and Qwen's weight_scale_inv, compressed-tensors' and
   ModelOpt's weight_scale and weight_scale_2, gpt-oss's _scales), or
   it is that scale. Casting it alone silently gives wrong weights. *)
let scale_suffixes = [ "_scale_inv"; "_scale_2"; "_scale"; "_scales"; "_global_scale" ]

let is_narrow_float (Dtype.Any dt) =
  match Dtype.kind dt with Dtype.Float -> Dtype.bits dt <= 8 | _ -> false

(* The tensor of [names] (a set of the input's tensor names) that says
   [name] is scaled, if any: a scale of it ([name] ^ a suffix), or, if
   [name] is a scale, the tensor it scales. *)
let scale_partner names name =
  let has n = Hashtbl.mem names n in
  match List.find_opt (fun sfx -> has (name ^ sfx)) scale_suffixes with
  | Some sfx -> Some (name ^ sfx)
  | None ->
      List.find_map
        (fun sfx ->
          if String.ends_with ~suffix:sfx name then
            let base = String.sub name 0 (String.length name - String.length sfx) in
            List.find_opt has [ base; base ^ "_packed"; base ^ "_blocks" ]
          else None)
        scale_suffixes

(* The directory of the input: a checkpoint's (given as its directory or
   its index), or a file's. *)
let input_dir (input : Source.t) =
  if Sys.is_directory input.path then input.path else Filename.dirname input.path

(* The quantization method of the config.json of the directory [dir],
   if it has a quantization_config, with the config's path. *)
let quantization_method_of_dir dir =
  let config = Filename.concat dir "config.json" in
  match In_channel.with_open_bin config In_channel.input_all with
  | exception Sys_error _ -> None
  | text -> (
      match Nx_array_files.Json.parse text with
      | Ok (Nx_array_files.Json.Object m) -> (
          match List.assoc_opt "quantization_config" m with
          | Some (Nx_array_files.Json.Object q) -> (
              match List.assoc_opt "quant_method" q with
              | Some (Nx_array_files.Json.String s) -> Some (config, s)
              | _ -> Some (config, "unnamed"))
          | _ -> None)
      | _ -> None)

(* That of the config.json beside a checkpoint or a shard. *)
let quantization_method (input : Source.t) = quantization_method_of_dir (input_dir input)

let refuse_scaled (o : opts) (input : Source.t) jobs =
  if not o.plain_cast then begin
    let names = Hashtbl.create (2 * List.length input.tensors + 1) in
    List.iter (fun (t : Source.tensor) -> Hashtbl.replace names t.name ()) input.tensors;
    let quant = lazy (quantization_method input) in
    List.iter
      (function
        | `Job j when is_narrow_float j.src && j.dst <> j.src -> (
            let (Dtype.Any src) = j.src in
            let advice =
              "dequantize it to apply its scales (nx-dtype dequantize), or give --plain-cast to \
               cast its stored values alone"
            in
            match scale_partner names j.t.name with
            | Some p ->
                Cli_error.failed "%s: tensor %S is %s with the scale tensor %S: converting it alone \
                                  gives wrong values; %s" input.path j.t.name (Dtype.name src)
                  p advice
            | None -> (
                match Lazy.force quant with
                | Some (config, m) ->
                    Cli_error.failed "%s: tensor %S is %s, and %s quantizes the model (%s): \
                                      converting it alone gives wrong values; %s" input.path j.t.name
                      (Dtype.name src) config m advice
                | None -> ()))
        | _ -> ())
      jobs
  end

(* The tensors selected, and what each becomes: --to applies to the float
   tensors, and to the one array of a raw or .npy file, whatever its
   kind. *)
let plan (o : opts) (input : Source.t) =
  let selected =
    match o.only with
    | None -> input.tensors
    | Some re ->
        let r = Select.compile re in
        List.filter (fun (t : Source.tensor) -> Select.matches r t.name) input.tensors
  in
  (* A file of no tensor (a safetensors file of metadata alone) converts
     into one; --only that matches nothing is an error. *)
  if selected = [] && (o.only <> None || input.tensors <> []) then
    Cli_error.failed "%s: no tensor%s" input.path
      (match o.only with Some re -> Printf.sprintf " matches --only %S" re | None -> "");
  let single = input.format = Source.Raw_file || input.format = Source.Npy_file in
  let into = Option.map Cli_error.dtype_of_name o.into in
  List.map
    (fun (t : Source.tensor) ->
      match t.elements with
      | Untyped u -> `Untyped (t, u)
      | Typed src ->
          let dst =
            match into with Some d when single || is_float src -> d | _ -> src
          in
          `Job { t; src; dst })
    selected

(* A policy a destination cannot follow is found before any file is
   opened. *)
let check_policy o (Dtype.Any dst) =
  try ignore (cast ~rounding:o.rounding ~overflow:o.overflow dst (create Dtype.Uint8 [| 0 |]))
  with Invalid_argument m -> (
    match o.overflow with
    | Nan -> Cli_error.fail "--overflow nan: %s has no NaN to store" (Dtype.name dst)
    | _ -> Cli_error.fail "%s" (Cli_error.library m))

(* The first element of [a] that the policy refuses to store into [dst]
   (--overflow raise), and its value, printed: the least [m] for which
   [a]'s first [m] elements are refused, found by bisection (casts of
   [2k] elements in all). *)
let first_refused (type v s w r) o (dst : (w, r) Dtype.t) (a : (v, s) Nx_array.t) =
  let dt = dtype a in
  let prefix m = of_buffer dt [| m |] (Bigarray.Array1.sub (buffer a) 0 (Dtype.bytes dt m)) in
  let refused m =
    match cast ~rounding:o.rounding ~overflow:o.overflow dst (prefix m) with
    | _ -> false
    | exception Invalid_argument _ -> true
  in
  let rec least lo hi = (* refused hi, not refused lo *)
    if hi - lo <= 1 then hi else
      let mid = lo + ((hi - lo) / 2) in
      if refused mid then least lo mid else least mid hi
  in
  let k = size a in
  if k = 0 || not (refused k) then None
  else
    let i = least 0 k - 1 in
    Some (i, Format.asprintf "%a" (Dtype.pp_value dt) (get a [| i |]))

(* The pieces of [j]'s tensor, converted to [j.dst], each given to [emit]
   as bytes, then to [progress] as the file bytes read. A conversion casts
   into one scratch array. *)
let run_job o (input : Source.t) j ~progress emit =
  let (Dtype.Any dst) = j.dst in
  let scratch = lazy (create dst [| piece |]) in
  let done_ = ref 0 in
  let count = Array.fold_left ( * ) 1 j.t.dims in
  let per_element = if count = 0 then 0. else float j.t.file_bytes /. float count in
  j.t.iter ~piece (fun (Npy.Any a) ->
      let k = size a in
      (if Dtype.code (dtype a) = Dtype.code dst then emit (buffer a)
       else begin
         let out =
           of_buffer dst [| k |]
             (Bigarray.Array1.sub (buffer (Lazy.force scratch)) 0 (Dtype.bytes dst k))
         in
         (try cast_into ~rounding:o.rounding ~overflow:o.overflow a out
          with Invalid_argument msg ->
            let where =
              input.path
              ^
              if input.format = Source.Raw_file || input.format = Source.Npy_file then ""
              else Printf.sprintf ": tensor %S" j.t.name
            in
            match first_refused o dst a with
            | Some (i, v) ->
                Cli_error.failed "%s: element %s, %s, does not fit in %s (--overflow raise)" where
                  (Shape_text.index j.t.dims (!done_ + i)) v (Dtype.name dst)
            | None ->
                Cli_error.failed "%s: %s (in the elements from %d)" where (Cli_error.library msg)
                  !done_);
         emit (buffer out)
       end);
      (* The input's pages of this piece go once it is written: memory is
         bounded by a piece, not by the input. *)
      Private.release_mapped (buffer a);
      done_ := !done_ + k;
      progress (per_element *. float k))

let write_fd fd b = ignore (Unix.write_bigarray fd b 0 (Bigarray.Array1.dim b))

let one output what = function
  | [ x ] -> x
  | l ->
      Cli_error.fail "%s: %d tensors selected; %s holds one (select it with --only, or write \
                      .npz or .safetensors)" output (List.length l) what

(* The writer of the output, every check that the format asks done: it
   writes the jobs to a descriptor. *)
let rec writer o (input : Source.t) output fmt items =
  let jobs () = List.map (function `Job j -> j | `Untyped (_, u) -> Source.refuse u) items in
  let npy_descr (Dtype.Any dt) =
    try ignore (Npy.descr ~byte_order:o.byte_order dt)
    with Invalid_argument m -> (
      match dt with
      | Dtype.Bfloat16 ->
          Cli_error.fail "%s: --byte-order big: numpy reads bfloat16 ('<V2' or ml_dtypes' \
                          name) in the machine's order only" output
      | _ -> Cli_error.fail "%s: %s" output (Cli_error.library m))
  in
  let npy_stream ~progress j =
    let write emit = run_job o input j ~progress emit in
    { Npy.name = j.t.name; dtype = j.dst; dims = j.t.dims; fortran_order = j.t.fortran_order; write }
  in
  match fmt with
  | Source.Gguf_file ->
      let metadata, tensors = gguf_output o input output items in
      fun fd ~progress -> Gguf.output ~progress:(fun n -> progress (float n)) fd ~metadata tensors
  | Source.Torch_file ->
      Cli_error.fail "%s: nx-dtype reads PyTorch checkpoints, and does not write them (write \
                      .safetensors, .npz, .npy or .gguf)" output
  | Source.Checkpoint_dir ->
      Cli_error.failed "%s is a directory%s: nx-dtype writes one file (.safetensors, .npz, .npy \
                        or raw)" output
        (if Sys.file_exists output then "" else " or an index of shards")
  | Source.Raw_file ->
      let j = one output "a raw file" (jobs ()) in
      let (Dtype.Any dst) = j.dst in
      let swap = o.byte_order = Big_endian && Dtype.bits dst > 8 in
      fun fd ~progress ->
        run_job o input j ~progress (fun b ->
            if not swap then write_fd fd b
            else
              let a = of_buffer dst [| Bigarray.Array1.dim b * 8 / Dtype.bits dst |] b in
              let s = to_string ~byte_order:Big_endian a in
              ignore (Unix.write_substring fd s 0 (String.length s)))
  | Source.Npy_file ->
      let j = one output "a .npy file" (jobs ()) in
      npy_descr j.dst;
      fun fd ~progress -> Npy.output ~byte_order:o.byte_order fd (npy_stream ~progress j)
  | Source.Npz_file ->
      let js = jobs () in
      List.iter (fun j -> npy_descr j.dst) js;
      fun fd ~progress ->
        Npy.Npz.output ~compress:o.compress ~byte_order:o.byte_order fd
          (List.map (npy_stream ~progress) js)
  | Source.Safetensors_file ->
      let streams = safetensors_streams o input output items in
      fun fd ~progress -> Safetensors.output ?metadata:input.metadata fd (streams ~progress)

(* The metadata and tensors of a GGUF output, checked: a GGUF input's
   metadata (without its split keys), then --meta's, each replacing a
   key of the input where it is; the tensors as they are stored. *)
and gguf_output o (input : Source.t) output items =
  if o.into <> None then
    Cli_error.fail "%s: a GGUF output keeps each tensor as it is stored (--to is for the other \
                    formats)" output;
  if o.byte_order = Big_endian then
    Cli_error.fail "%s: GGUF files are written little-endian (--byte-order big)" output;
  (match input.format with
   | Source.Safetensors_file | Source.Checkpoint_dir | Source.Gguf_file -> ()
   | f ->
       Cli_error.fail "%s: a GGUF output is written from a safetensors file, a checkpoint or \
                       GGUF, not %s" output (Source.format_name f));
  let given = List.map meta_of o.meta in
  List.iteri
    (fun i (k, _) ->
      if List.exists (fun (k', _) -> k' = k) (List.filteri (fun j _ -> j < i) given) then
        Cli_error.fail "--meta %s is given twice" k;
      if List.mem k [ "split.no"; "split.count"; "split.tensors.count" ] then
        Cli_error.fail "--meta %s: the split keys are the writer's (--split-max-size, \
                        --split-max-tensors)" k)
    given;
  let base = input.gguf_metadata in
  let metadata =
    List.map (fun (k, v) -> match List.assoc_opt k given with Some g -> (k, g) | None -> (k, v)) base
    @ List.filter (fun (k, _) -> not (List.mem_assoc k base)) given
  in
  let tensors =
    List.map
      (fun item ->
        let (t : Source.tensor) = match item with `Job j -> j.t | `Untyped (t, _) -> t in
        match input.as_gguf t.name with
        | Some g -> (t.name, g)
        | None ->
            Cli_error.failed "%s: tensor %S is %s, which GGUF has not (leave it out with --only)"
              input.path t.name
              (match t.elements with Typed (Dtype.Any d) -> Dtype.name d | Untyped u -> u.type_name))
      items
  in
  (* The tensors refused now, before a file is touched (the metadata,
     each value checked by meta_of, is refused by the writer, before it
     writes). *)
  (try ignore (Gguf.split_layout tensors)
   with Invalid_argument m -> Cli_error.failed "%s: %s" output (Cli_error.library m));
  (metadata, tensors)

(* A GGUF model written in shards (Gguf.write_split), none of them an
   input, through Output_file's temporary files (removed by a signal
   that ends the command). *)
and write_gguf_split o (input : Source.t) output (metadata, tensors) =
  let inputs = input.stats :: input.also in
  let temp_file final =
    (match Unix.stat final with
     | st when List.exists (fun (i : Unix.stats) -> i.st_dev = st.st_dev && i.st_ino = st.st_ino) inputs ->
         Cli_error.failed "%s is an input: write the shards elsewhere" final
     | _ | (exception Unix.Unix_error _) -> ());
    Output_file.temp final
  in
  let bytes =
    List.fold_left
      (fun n (_, t) ->
        n + match t with Gguf.Tensor a -> Bigarray.Array1.dim (buffer a) | Gguf.Blocks b -> size b.data)
      0 tensors
  in
  let progress, started = progress_line ~show:(bytes > progress_threshold) ~total:bytes in
  let newline () = if started () then try prerr_newline () with Sys_error _ -> () in
  match
    Gguf.write_split ~temp_file ~released:Output_file.release ~sync:true
      ~progress:(fun n -> progress (float n)) ?max_tensors:o.split_tensors ?max_bytes:o.split_size
      ~small_first_shard:o.no_tensor_first output ~metadata tensors
  with
  | Ok _ -> newline ()
  | Error m -> newline (); Cli_error.failed "%s; no shard is written" m
  | exception Invalid_argument m -> newline (); Cli_error.failed "%s: %s" output (Cli_error.library m)
  | exception e -> newline (); raise e

(* The progress line of a conversion of [total] bytes, if [show]. *)
and progress_line ~show ~total = Progress.line ~label:"convert" ~show ~total

(* The streams of a safetensors output, checked. *)
and safetensors_streams o (input : Source.t) output items =
      if o.byte_order = Big_endian then
        Cli_error.fail "%s: safetensors files are little-endian (--byte-order big)" output;
      let streams ~progress =
        List.map
          (function
            | `Job j ->
                let (Dtype.Any dst) = j.dst in
                let dtype =
                  match Safetensors.dtype_to_string dst with
                  | Some s -> s
                  | None ->
                      Cli_error.fail "%s: %s has no safetensors dtype (tensor %S)" output
                        (Dtype.name dst) j.t.name
                in
                { Safetensors.name = j.t.name; dtype; shape = j.t.dims;
                  write = (fun emit -> run_job o input j ~progress emit) }
            | `Untyped ((t : Source.tensor), (u : Source.untyped)) -> (
                match u.bytes with
                | Some b ->
                    { Safetensors.name = t.name; dtype = u.type_name; shape = t.dims;
                      write = (fun emit -> emit b; progress (float t.file_bytes)) }
                | None -> Source.refuse u))
          items
      in
      ignore (streams ~progress:ignore);
      streams

(* A checkpoint directory written from [items], sharded (Checkpoint.write),
   with the small files of an input checkpoint's directory (config.json,
   the tokenizer's) copied as they are. *)
and write_checkpoint ?check o (input : Source.t) dir items =
  let exists = Sys.file_exists dir in
  (* An index file is refused by [run]; another file with --format
     checkpoint is refused here. *)
  if exists && not (Sys.is_directory dir) then
    Cli_error.failed "%s is a file: name the checkpoint's directory, ending in /" dir;
  (match input.model with
   | Some (src, _) when exists && Unix.realpath dir = Unix.realpath src ->
       Cli_error.failed "%s is the input's directory: write the checkpoint elsewhere" dir
   | _ -> ());
  (* The files this writes or removes (Checkpoint.write) are
     model*.safetensors and their index: none may be an input. *)
  if exists then
    List.iter
      (fun (st : Unix.stats) ->
        Array.iter
          (fun f ->
            match Unix.stat (Filename.concat dir f) with
            | o when o.st_dev = st.st_dev && o.st_ino = st.st_ino && Checkpoint.is_model_file f ->
                Cli_error.failed "%s holds the input %s: write the checkpoint elsewhere" dir f
            | _ | (exception Unix.Unix_error _) -> ())
          (try Sys.readdir dir with Sys_error _ -> [||]))
      (input.stats :: input.also);
  let streams = safetensors_streams o input dir items in
  if not exists then (
    try Unix.mkdir dir 0o777
    with Unix.Unix_error (e, _, _) -> Cli_error.failed "cannot create %s: %s" dir (Unix.error_message e));
  (* A directory made here is removed if the checkpoint is not written. *)
  let undo () = if not exists then try Unix.rmdir dir with Unix.Unix_error _ -> () in
  (match
     let check = Option.map (fun f files -> match f files with () -> Ok () | exception Cli_error.Failed m -> Error m) check in
     Checkpoint.write ~temp_file:Output_file.temp ~released:Output_file.release ~sync:true ?check
       ?max_shard_size:o.max_shard ?metadata:input.metadata dir (streams ~progress:ignore)
   with
   | Ok () -> ()
   | Error m -> undo (); Cli_error.failed "%s" m
   | exception Invalid_argument m -> undo (); Cli_error.failed "%s: %s" dir (Cli_error.library m)
   | exception e -> undo (); raise e);
  Option.iter
    (fun (src, model) ->
      Model_files.copy ~src ~dst:dir ~what:"the checkpoint's shards are written"
        (Model_files.to_copy ~dir:src ~model ~skip:[]))
    input.model

(* As safetensors' convert.py checks its output: the files written, read
   back before they are renamed into place, hold every tensor of a
   PyTorch input, byte for byte (when no --to changed them, and the
   output is a regular file or a directory). [files] are the final and
   the temporary paths of the safetensors files written; an error names
   the final one. *)
let read_back (input : Source.t) items files =
  let shards =
    List.filter_map
      (fun (final, temp) ->
        if not (Filename.check_suffix final ".safetensors") then None
        else
          match Safetensors.map_file temp with
          | Error m ->
              (* The temporary file's name in the message is the final one's. *)
              let prefix = temp ^ ": " in
              let m = if String.starts_with ~prefix m then String.sub m (String.length prefix) (String.length m - String.length prefix) else m in
              Cli_error.failed "%s: read back: %s" final m
          | Ok st -> Some (final, st))
      files
  in
  let find name = List.find_map (fun (final, st) -> Option.map (fun t -> (final, t)) (Safetensors.find_tensor st name)) shards in
  let output = match files with [ (final, _) ] -> final | _ -> Filename.dirname (fst (List.hd files)) in
  List.iter
    (fun (t : Source.tensor) ->
      match t.elements, find t.name with
      | Source.Typed _, Some (file, Safetensors.Tensor a) ->
          let differs () = Cli_error.failed "%s: read back, tensor %S differs from %s's" file t.name input.path in
          let got = buffer a and pos = ref 0 in
          t.iter ~piece:(1 lsl 20) (fun (Npy.Any p) ->
              let b = buffer p in
              let n = Bigarray.Array1.dim b in
              let bytes b = of_buffer Dtype.Uint8 [| Bigarray.Array1.dim b |] b in
              if !pos + n > Bigarray.Array1.dim got
                 || not (equal (bytes b) (bytes (Bigarray.Array1.sub got !pos n)))
              then differs ();
              Private.release_mapped b;
              Private.release_mapped (Bigarray.Array1.sub got !pos n);
              pos := !pos + n);
          if !pos <> Bigarray.Array1.dim got then differs ()
      | Source.Typed _, _ -> Cli_error.failed "%s: read back, no tensor %S" output t.name
      | Source.Untyped _, _ -> ())
    (List.filter_map (function `Job j -> Some j.t | `Untyped _ -> None) items)

let run args =
  let o = parse args in
  let input_path, output =
    match o.files with
    | [ i; out ] -> (i, out)
    | _ -> Cli_error.fail "convert needs an input and an output file"
  in
  let named, dtype_of = from_of o.from in
  Option.iter (fun d -> check_policy o (Cli_error.dtype_of_name d)) o.into;
  let fmt =
    match o.format with
    | Some f -> f
    | None ->
        (* A directory out is a checkpoint, whatever it holds already (a
           PyTorch model among them). *)
        if String.ends_with ~suffix:"/" output || (try Sys.is_directory output with Sys_error _ -> false)
        then Source.Checkpoint_dir
        else Source.format_of output
  in
  if o.compress && fmt <> Source.Npz_file then Cli_error.fail "--compress is for .npz outputs";
  (* A write past ulimit -f then fails with EFBIG, reported as any write
     error is, instead of ending the process with the file half-written. *)
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let input = Source.open_ ~dtype_of ~read:o.no_map ~byte_order:o.byte_order input_path in
  List.iter
    (fun n ->
      if not (List.exists (fun (t : Source.tensor) -> t.name = n) input.tensors) then
        Cli_error.failed "%s: --from %s=...: no tensor %S" input_path n n)
    named;
  Option.iter (fun m -> Cli_error.failed "%s" m) input.unconvertible;
  let items = plan o input in
  refuse_scaled o input items;
  (* A directory is written into when asked: OUT ending in / or
     --format checkpoint; an existing directory named otherwise is a
     mistake, refused as a file output there would be. *)
  let asked = o.format = Some Source.Checkpoint_dir || Filename.check_suffix output "/" in
  if fmt = Source.Checkpoint_dir && Filename.check_suffix output ".json" then
    Cli_error.failed "%s is an index file: name the checkpoint's directory, ending in /" output;
  if fmt = Source.Checkpoint_dir && not asked then
    Cli_error.failed "%s is a directory: to write a checkpoint into it, end its name with / or \
                      give --format checkpoint" output;
  if fmt <> Source.Gguf_file && (o.meta <> [] || o.split_size <> None || o.split_tensors <> None) then
    Cli_error.fail "--meta, --split-max-size and --split-max-tensors are for GGUF outputs (.gguf)";
  if o.no_tensor_first && o.split_size = None && o.split_tensors = None then
    Cli_error.fail "--no-tensor-first-split is for a split: give --split-max-size or --split-max-tensors";
  let checked =
    input.format = Source.Torch_file && o.into = None
    && (fmt = Source.Safetensors_file || fmt = Source.Checkpoint_dir)
  in
  if fmt = Source.Checkpoint_dir then
    write_checkpoint ?check:(if checked then Some (read_back input items) else None) o input output items
  else if fmt = Source.Gguf_file && (o.split_size <> None || o.split_tensors <> None)
          && (let _, tensors = gguf_output o input output items in
              List.length
                (Gguf.split_layout ?max_tensors:o.split_tensors ?max_bytes:o.split_size
                   ~small_first_shard:o.no_tensor_first tensors)
              > 1)
  then write_gguf_split o input output (gguf_output o input output items)
  else
  let write = writer o input output fmt items in
  let total =
    List.fold_left
      (fun n -> function
        | `Job j -> n + j.t.Source.file_bytes | `Untyped ((t : Source.tensor), _) -> n + t.file_bytes)
      0 items
  in
  let show = input.stats.st_size > progress_threshold in
  let progress, started = progress_line ~show ~total in
  let out = Output_file.create ~also:input.also ~input:input.stats output in
  let fail fmt =
    Printf.ksprintf
      (fun m ->
        Output_file.abort out;
        (* The message on a line of its own, not after the progress line. *)
        if started () then (try prerr_newline () with Sys_error _ -> ());
        Cli_error.failed "%s; %s" m (Output_file.fate out))
      fmt
  in
  match
    write (Output_file.descr out) ~progress;
    if show then try prerr_newline () with Sys_error _ -> ()
  with
  | () ->
      (* Read back before it is renamed into place: a difference leaves
         nothing written. *)
      (match Output_file.temp_of out with
       | Some temp when checked -> (
           try read_back input items [ (output, temp) ] with Cli_error.Failed m -> fail "%s" m)
       | _ -> ());
      Output_file.commit out
  | exception Cli_error.Failed m -> fail "%s" m
  | exception Unix.Unix_error (e, _, _) -> fail "%s: cannot write: %s" output (Unix.error_message e)
  | exception Invalid_argument m -> fail "%s: %s" output (Cli_error.library m)
