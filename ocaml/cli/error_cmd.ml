(* nx-dtype error ORIGINAL QUANTIZED: how far each tensor of a quantized
   GGUF file is from the float tensor of the same name in ORIGINAL (a
   safetensors or GGUF file), to choose a type by: its type, bits per
   weight, RMSE, maximum and 95th-percentile absolute error and SQNR
   (Nx_array.Quant_error), a total per type and of the whole, and with
   --svg a chart of the SQNRs. *)

open Nx_array
module Q = Quant_error

let failed = Cli_error.failed

(* What a report is made of: a tensor, a type, and its original and
   dequantized values, loaded when asked for (once for its row, again
   for the total's percentile), so that one tensor at a time is in
   memory. [report] takes any list of them: those of a quantized file
   here, and, for the candidates of a --types option, each tensor
   quantized into each type, without a file. *)
type candidate = { tensor : string; ggml_type : Gguf.ggml_type; load : unit -> Q.pair }

type row = { c : candidate; s : Q.t }

let num x = if Float.is_nan x then "nan" else Printf.sprintf "%.4e" x
let db x = if Float.is_nan x then "nan" else Printf.sprintf "%.2f" x

(* The histograms of |x - y|, compact: for each row a line of the shares
   (in %) of its errors in [columns] columns of [per_column] of
   quantize-stats' bins each (0.002 wide), the last column the last bins
   and the rest, as quantize-stats' last bin (NaN included); "." where a
   column is empty. *)
let per_column = 10
let columns = Q.bins / per_column

let compact_histograms width rows =
  Printf.printf "\n%% of |x - y| in columns of %.3f (%d of quantize-stats' bins; the last: %.3f and above)\n"
    (float per_column *. Q.bin_width) per_column (float ((columns - 1) * per_column) *. Q.bin_width);
  Printf.printf "%-*s  %-7s" width "tensor" "type";
  for c = 0 to columns - 1 do
    Printf.printf " %5.3f" (float (c * per_column) *. Q.bin_width)
  done;
  print_newline ();
  List.iter
    (fun (name, ty, (s : Q.t)) ->
      Printf.printf "%-*s  %-7s" width name ty;
      for c = 0 to columns - 1 do
        let k = ref 0 in
        for b = c * per_column to min (Q.bins - 1) (((c + 1) * per_column) - 1) do
          k := !k + s.histogram.(b)
        done;
        if !k = 0 then Printf.printf " %5s" "."
        else Printf.printf " %5.1f" (100. *. float !k /. float s.count)
      done;
      print_newline ())
    rows

(* quantize-stats --histogram's form: every bin, its bounds and count. *)
let full_histogram name ty (s : Q.t) =
  Printf.printf "\n%s (%s): error distribution:\n" name ty;
  Array.iteri
    (fun i n ->
      let lower = float i *. Q.bin_width in
      let upper = if i = Q.bins - 1 then Float.infinity else float (i + 1) *. Q.bin_width in
      Printf.printf "[%3.4f, %3.4f): %11d\n" lower upper n)
    s.histogram

(* The bits per weight of rows: their bits over their values. *)
let bpw rows =
  let bits = List.fold_left (fun a r -> a +. (Q.bits_per_weight r.c.ggml_type *. float_of_int r.s.count)) 0. rows in
  let n = List.fold_left (fun a r -> a + r.s.count) 0 rows in
  if n = 0 then Float.nan else bits /. float_of_int n

let total rows =
  let s = Q.sum (List.map (fun r -> r.s) rows) in
  { s with p95 = Q.errors_percentile ~count:s.count 95. (List.map (fun r -> r.c.load) rows) }

(* A candidate's load when its type cannot take the tensor's values (a
   NaN for a quantizer): the row is left out, the reason on stderr. *)
exception Not_reported of string

let report ?svg ?(grand = true) ?(histogram = false) ~title ~subtitle candidates =
  let rows =
    List.filter_map
      (fun c ->
        match c.load () with
        | Q.Pair (x, y) -> Some { c; s = Q.of_arrays x y }
        | exception Not_reported m ->
            Text.warn "not reported: %s" m;
            None)
      candidates
  in
  if rows = [] then failed "no tensor could be reported";
  let types =
    List.fold_left
      (fun acc r -> if List.mem r.c.ggml_type.type_name acc then acc else acc @ [ r.c.ggml_type.type_name ])
      [] rows
  in
  let totals =
    (if List.length types > 1 then
       List.map
         (fun t ->
           let rs = List.filter (fun r -> r.c.ggml_type.type_name = t) rows in
           ("total " ^ t, t, bpw rs, total rs))
         types
     else [])
    @
    if grand || List.length types = 1 then
      [ ("total", (match types with [ t ] -> t | _ -> "mixed"), bpw rows, total rows) ]
    else []
  in
  let shown r = Text.printable r.c.tensor in
  let width = List.fold_left (fun m r -> max m (String.length (shown r))) 6 rows in
  let width = List.fold_left (fun m (l, _, _, _) -> max m (String.length l)) width totals in
  let line name ty bpw (s : Q.t) =
    Printf.printf "%-*s  %-7s %6.3f  %-10s  %-10s  %-10s  %8s\n" width name ty bpw (num s.rmse)
      (num s.max_abs) (num s.p95) (db s.sqnr_db)
  in
  Printf.printf "%-*s  %-7s %6s  %-10s  %-10s  %-10s  %8s\n" width "tensor" "type" "bpw" "RMSE" "max err"
    "p95" "SQNR dB";
  List.iter (fun r -> line (shown r) r.c.ggml_type.type_name (Q.bits_per_weight r.c.ggml_type) r.s) rows;
  List.iter (fun (l, t, b, s) -> line l t b s) totals;
  let all = List.map (fun r -> (shown r, r.c.ggml_type.type_name, r.s)) rows @ List.map (fun (l, t, _, s) -> (l, t, s)) totals in
  compact_histograms width all;
  if histogram then List.iter (fun (l, t, s) -> full_histogram l t s) all;
  Option.iter
    (fun (path, input) ->
      let bars =
        List.map
          (fun r -> { Error_chart.label = r.c.tensor; type_name = r.c.ggml_type.type_name; sqnr_db = r.s.sqnr_db })
          rows
      in
      let totals =
        List.map (fun (l, t, _, (s : Q.t)) -> { Error_chart.label = l; type_name = t; sqnr_db = s.sqnr_db }) totals
      in
      let totals = if List.length types > 1 then totals else [] in
      let doc = Error_chart.svg ~title ~subtitle ~bars ~totals in
      let o = Output_file.create ~input path in
      (match
         let fd = Output_file.descr o in
         let n = String.length doc in
         let rec go off = if off < n then go (off + Unix.write_substring fd doc off (n - off)) in
         go 0
       with
      | () -> ()
      | exception Unix.Unix_error (e, _, _) ->
          Output_file.abort o;
          failed "%s: %s (%s)" path (Unix.error_message e) (Output_file.fate o));
      Output_file.commit o)
    svg

(* [with_original ~f32 get in_file y] is the pair of the original values
   [get] reads and [y]: over the file's bytes if they are float32, else
   as float64 (exact from every float dtype). *)
type get = { get : 's. (float, 's) Dtype.t -> ((float, 's) Nx_array.t, string) result }

let with_original ~f32 get in_file y =
  let ok = function Ok a -> a | Error m -> failed "%s" (in_file m) in
  if f32 then Q.Pair (ok (get.get Dtype.Float32), y) else Q.Pair (ok (get.get Dtype.Float64), y)

(* The float tensors of ORIGINAL (a safetensors file, a checkpoint
   directory or index, or a GGUF model, split or not): each name's
   dimensions and the pair of its values with dequantized ones.
   [format] is the input's format as the caller read it (quantize reads
   a file of another name as GGUF); by default, its name's. *)
type named = { get_as : 's. (float, 's) Dtype.t -> string -> ((float, 's) Nx_array.t, string) result }

let originals ?format path =
  let ok = function Ok v -> v | Error m -> failed "%s" m in
  let in_file m = if String.starts_with ~prefix:path m then m else path ^ ": " ^ m in
  let safetensors tensors dtype_of { get_as } =
    List.filter_map
      (fun (i : Safetensors.info) ->
        match dtype_of i.dtype with
        | Some (Dtype.Any dt) when Dtype.is Dtype.Float dt ->
            let get = { get = (fun dt -> get_as dt i.name) } in
            Some (i.name, (i.shape, get, with_original ~f32:(i.dtype = "F32") get in_file))
        | _ -> None)
      tensors
  in
  match Option.value format ~default:(Source.format_of path) with
  | Source.Safetensors_file ->
      let st = ok (Safetensors.map_file path) in
      safetensors (Safetensors.tensors st) Safetensors.dtype_of_string { get_as = (fun dt n -> Safetensors.get_as dt st n) }
  | Source.Checkpoint_dir ->
      let c = ok (Checkpoint.open_ path) in
      safetensors (Checkpoint.tensors c) Safetensors.dtype_of_string { get_as = (fun dt n -> Checkpoint.get_as dt c n) }
  | Source.Gguf_file ->
      let m = ok (Gguf.Model.open_ path) in
      List.filter_map
        (fun (i : Gguf.info) ->
          match i.ggml_type.dtype with
          | Some (Dtype.Any dt) when Dtype.is Dtype.Float dt ->
              let get = { get = (fun dt -> Gguf.Model.get_as dt m i.name) } in
              Some (i.name, (i.dims, get, with_original ~f32:(i.ggml_type.type_name = "F32") get in_file))
          | _ -> None)
        (Gguf.Model.tensors m)
  | f ->
      Cli_error.fail "%s: ORIGINAL is a %s file, not a safetensors or GGUF one, nor a checkpoint" path
        (Source.format_name f)

let shape d = "(" ^ String.concat ", " (Array.to_list (Array.map string_of_int d)) ^ (if Array.length d = 1 then ",)" else ")")

(* error ORIGINAL --types T1,T2,... [--imatrix FILE]: each float tensor
   of ORIGINAL of two or more dimensions whose rows are whole blocks of a
   type, quantized into each type as llama.cpp quantizes it
   (Gguf.quantize_into; with an importance matrix, its entry's weights
   as quantize --imatrix takes them, an expert at a time) and
   dequantized, without a file; one candidate at a time in memory. *)
let candidate_types ?svg ?histogram ?imatrix original names =
  let types =
    List.map
      (fun n ->
        match Gguf.ggml_type_of_name (String.uppercase_ascii n) with
        | Some t when Gguf.requires_imatrix t && imatrix = None ->
            Cli_error.fail "--types: %s needs an importance matrix (--imatrix FILE)" t.type_name
        | Some t when Gguf.quantizes t -> t
        | Some t -> Cli_error.fail "--types: %s is not a type nx-dtype quantizes" t.type_name
        | None -> Cli_error.fail "--types: %S is not a ggml type" n)
      names
  in
  if types = [] then Cli_error.fail "--types takes a list of ggml types (Q4_K,Q6_K,...)";
  let imatrix =
    Option.map (fun f -> match Imatrix.read f with Ok m -> (f, m) | Error e -> failed "%s" e) imatrix
  in
  let origs = originals original in
  let skipped = ref [] and no_entry = ref [] in
  let candidates =
    List.concat_map
      (fun (name, (dims, get, with_dequantized)) ->
        let n = Array.length dims in
        let ne = Array.of_list (List.rev (Array.to_list dims)) in
        (* checked before anything is reported, for a tensor that a
           type takes (as quantize checks the tensors it quantizes) *)
        let takes (t : Gguf.ggml_type) = n >= 2 && dims.(n - 1) > 0 && dims.(n - 1) mod t.block_size = 0 in
        let weights =
          match imatrix with
          | Some (f, m) when List.exists takes types -> (
              match Imatrix.for_tensor m name ~ne with Ok w -> w | Error e -> failed "%s: %s" f e)
          | _ -> None
        in
        List.filter_map
          (fun (t : Gguf.ggml_type) ->
            if not (takes t) then begin
              skipped := Printf.sprintf "%s (%s)" name t.type_name :: !skipped;
              None
            end
            else if weights = None && Gguf.requires_imatrix t then begin
              (* token_embd's entry is ignored, or the file has none *)
              no_entry := Printf.sprintf "%s (%s)" name t.type_name :: !no_entry;
              None
            end
            else
              let load () =
                let x = match get.get Dtype.Float32 with Ok x -> x | Error m -> failed "%s" m in
                let blocks = create Dtype.Uint8 [| size x / t.block_size * t.type_size |] in
                (match Imatrix.quantize ?weights t ~ne x blocks with
                 | Ok () -> ()
                 | Error m -> raise (Not_reported (Printf.sprintf "%s: %s: %s" original name m)));
                let y = create Dtype.Float32 (Nx_array.dims x) in
                Gguf.dequantize_into t blocks y;
                with_dequantized y
              in
              Some { tensor = name; ggml_type = t; load })
          types)
      origs
  in
  if candidates = [] then failed "%s: no float tensor whose rows are whole blocks of the types" original;
  let svg = Option.map (fun p -> (p, Unix.stat original)) svg in
  report ?svg ?histogram ~grand:false ~title:"SQNR per tensor and type"
    ~subtitle:
      (Filename.basename original ^ " quantized as llama.cpp does"
      ^ match imatrix with Some (f, _) -> ", with " ^ Filename.basename f | None -> "")
    candidates;
  if !skipped <> [] then
    Text.warn "rows not whole blocks of the type, empty, or one dimension, not reported: %s"
      (String.concat ", " (List.rev !skipped));
  if !no_entry <> [] then
    Text.warn "no weights of the importance matrix for a type that needs them, not reported: %s"
      (String.concat ", " (List.rev !no_entry))

(* error ORIGINAL QUANTIZED, and quantize --report after it wrote
   QUANTIZED from ORIGINAL. *)
let against ?svg ?histogram ?format original quantized =
  let origs = originals ?format original in
  let q = match Gguf.Model.open_ quantized with Ok m -> m | Error e -> failed "%s" e in
  let missing = ref 0 and skipped = ref [] in
  let candidates =
    List.filter_map
      (fun (i : Gguf.info) ->
        match List.assoc_opt i.name origs with
        | None -> incr missing; None
        | Some (dims, _, with_dequantized) ->
            let t = i.ggml_type in
            let float_type = match t.dtype with Some (Dtype.Any dt) -> Dtype.is Dtype.Float dt | None -> false in
            if not (float_type || Gguf.dequantizes t) then begin
              skipped := (i.name ^ " (" ^ t.type_name ^ ")") :: !skipped;
              None
            end
            else if dims <> i.dims then
              failed "%s: %s is %s here, %s in %s" quantized i.name (shape i.dims) (shape dims) original
            else
              let load () =
                let y =
                  match Gguf.Model.get_as Dtype.Float32 q i.name with
                  | Ok y -> y
                  | Error m -> failed "%s" m
                in
                with_dequantized y
              in
              Some { tensor = i.name; ggml_type = t; load })
      (Gguf.Model.tensors q)
  in
  if candidates = [] then
    failed "%s: no tensor of %s has a float tensor of its name in %s" quantized quantized original;
  let svg = Option.map (fun p -> (p, Unix.stat quantized)) svg in
  report ?svg ?histogram ~title:"SQNR per tensor"
    ~subtitle:(Filename.basename quantized ^ " against " ^ Filename.basename original)
    candidates;
  let unused = List.length origs - List.length candidates - List.length !skipped in
  if !missing > 0 then
    Text.warn "%d tensor%s of %s without a float tensor of %s name in %s: not reported"
      !missing (if !missing = 1 then "" else "s") quantized (if !missing = 1 then "its" else "their") original;
  if !skipped <> [] then
    Text.warn "not dequantized, not reported: %s" (String.concat ", " (List.rev !skipped));
  if unused > 0 then
    Text.warn "%d float tensor%s of %s not in %s" unused
      (if unused = 1 then "" else "s") original quantized

let run args =
  let rec parse ((svg, types, imatrix, histogram) as o) files = function
    | "--svg" :: f :: rest when svg = None -> parse (Some f, types, imatrix, histogram) files rest
    | "--types" :: l :: rest when types = None ->
        parse (svg, Some (String.split_on_char ',' l |> List.filter (( <> ) "")), imatrix, histogram) files rest
    | "--imatrix" :: f :: rest when imatrix = None -> parse (svg, types, Some f, histogram) files rest
    | "--histogram" :: rest -> parse (svg, types, imatrix, true) files rest
    | ("--svg" | "--types" | "--imatrix") as k :: _ :: _ -> Cli_error.fail "error: %s is given twice" k
    | [ "--svg" ] -> Cli_error.fail "--svg takes a FILE"
    | [ "--imatrix" ] -> Cli_error.fail "--imatrix takes a FILE"
    | [ "--types" ] -> Cli_error.fail "--types takes a list of ggml types (Q4_K,Q6_K,...)"
    | a :: _ when String.length a > 1 && a.[0] = '-' -> Cli_error.fail "error: unknown option %S" a
    | a :: rest -> parse o (a :: files) rest
    | [] -> (o, List.rev files)
  in
  match parse (None, None, None, false) [] args with
  | (svg, Some names, imatrix, histogram), [ o ] -> candidate_types ?svg ~histogram ?imatrix o names
  | (_, Some _, _, _), _ -> Cli_error.fail "error --types takes ORIGINAL alone"
  | (_, None, Some _, _), _ ->
      Cli_error.fail "error: --imatrix is for --types (a QUANTIZED file was quantized with its own)"
  | (svg, None, None, histogram), files ->
      let original, quantized =
        match files with
        | [ o; q ] -> (o, q)
        | _ -> Cli_error.fail "error takes ORIGINAL and QUANTIZED"
      in
      if Source.format_of quantized <> Source.Gguf_file then
        Cli_error.fail "%s: QUANTIZED is not a GGUF file (.gguf)" quantized;
      against ?svg ~histogram original quantized
