(* nx-dtype inspect [--stats] FILE: the tensors of a safetensors, .npy,
   .npz or GGUF file, a PyTorch checkpoint or a checkpoint directory, a
   line each: name, dtype, shape and bytes (and a GGUF file's metadata
   before them, its tensors' bits per weight); with --stats, their
   smallest and largest values and their NaNs and infinities, read a
   piece at a time. *)

open Nx_array

type stats = {
  mutable min : float;
  mutable max : float;
  mutable nans : int;
  mutable infs : int;
  mutable seen : int;  (* values other than NaN *)
  mutable min64 : int64;  (* 64-bit integers, exactly *)
  mutable max64 : int64;
}

let piece = 1 lsl 20

let add st x =
  if Float.is_nan x then st.nans <- st.nans + 1
  else begin
    if not (Float.is_finite x) then st.infs <- st.infs + 1;
    if st.seen = 0 || x < st.min then st.min <- x;
    if st.seen = 0 || x > st.max then st.max <- x;
    st.seen <- st.seen + 1
  end

let add64 ~unsigned st x =
  let cmp = if unsigned then Int64.unsigned_compare else Int64.compare in
  if st.seen = 0 || cmp x st.min64 < 0 then st.min64 <- x;
  if st.seen = 0 || cmp x st.max64 > 0 then st.max64 <- x;
  st.seen <- st.seen + 1

let view a = Bigarray.array1_of_genarray (Option.get (to_bigarray_view a))

let floats st (v : (float, _, _) Bigarray.Array1.t) =
  for i = 0 to Bigarray.Array1.dim v - 1 do add st (Bigarray.Array1.unsafe_get v i) done

let ints st (v : (int, _, _) Bigarray.Array1.t) =
  for i = 0 to Bigarray.Array1.dim v - 1 do add st (float (Bigarray.Array1.unsafe_get v i)) done

(* The values of a piece: through a view of its bytes where Bigarray has
   its format, else converted to a format that holds them exactly
   (float32 for the small floats, int8 for 4-bit integers and booleans,
   whose conversions are the kernel's fast ones); 64-bit integers apart,
   exactly. *)
let scan st (Npy.Any a) =
  let a = reshape a [| size a |] in
  match dtype a with
  | Dtype.Float64 -> floats st (view a)
  | Dtype.Float32 -> floats st (view a)
  | Dtype.Float16 -> floats st (view a)
  | Dtype.Int8 -> ints st (view a)
  | Dtype.Uint8 -> ints st (view a)
  | Dtype.Int16 -> ints st (view a)
  | Dtype.Uint16 -> ints st (view a)
  | Dtype.Int32 ->
      let v = view a in
      for i = 0 to Bigarray.Array1.dim v - 1 do add st (Int32.to_float (Bigarray.Array1.unsafe_get v i)) done
  | Dtype.Uint32 ->
      (* Bigarray has no unsigned 32- or 64-bit kind: the bytes are read
         as signed integers' and their bits as unsigned. *)
      let v = view (of_buffer Dtype.Int32 [| size a |] (buffer a)) in
      for i = 0 to Bigarray.Array1.dim v - 1 do
        add st (float (Int32.to_int (Bigarray.Array1.unsafe_get v i) land 0xffffffff))
      done
  | Dtype.Int64 ->
      let v = view a in
      for i = 0 to Bigarray.Array1.dim v - 1 do add64 ~unsigned:false st (Bigarray.Array1.unsafe_get v i) done
  | Dtype.Uint64 ->
      let v = view (of_buffer Dtype.Int64 [| size a |] (buffer a)) in
      for i = 0 to Bigarray.Array1.dim v - 1 do add64 ~unsigned:true st (Bigarray.Array1.unsafe_get v i) done
  | Dtype.Bfloat16 | Dtype.Float8_e4m3fn | Dtype.Float8_e5m2 | Dtype.Float4_e2m1fn ->
      floats st (view (cast Dtype.Float32 a))
  | Dtype.Int4 | Dtype.Uint4 | Dtype.Bool | Dtype.Bit -> ints st (view (cast Dtype.Int8 a))
  | Dtype.Complex64 | Dtype.Complex128 -> ()

(* A value of [dt] as [dt] prints it. *)
let value (Dtype.Any dt) st which =
  let x = if which = `Min then st.min else st.max in
  match dt, Dtype.kind dt with
  | Dtype.Int64, _ -> Int64.to_string (if which = `Min then st.min64 else st.max64)
  | Dtype.Uint64, _ -> Printf.sprintf "%Lu" (if which = `Min then st.min64 else st.max64)
  | _, Dtype.Float -> Format.asprintf "%a" (Dtype.pp_value dt) x
  | _, (Dtype.Signed | Dtype.Unsigned) -> Printf.sprintf "%.0f" x
  | _, Dtype.Boolean -> if x = 0. then "false" else "true"
  | _, Dtype.Complex -> "-"

let stats_columns (t : Source.tensor) =
  let dash = [ "-"; "-"; "-"; "-" ] in
  match t.elements with
  | Untyped _ ->
      (* Read all the same: an archive's member is checked (its CRC-32). *)
      t.iter ~piece (fun _ -> ());
      dash
  | Typed (Dtype.Any dt as d) -> (
      match Dtype.kind dt with
      | Dtype.Complex -> dash
      | k ->
          let st = { min = 0.; max = 0.; nans = 0; infs = 0; seen = 0; min64 = 0L; max64 = 0L } in
          t.iter ~piece (scan st);
          let floats = match k with Dtype.Float -> true | _ -> false in
          let count n = if floats then string_of_int n else "-" in
          if st.seen = 0 then [ "-"; "-"; count st.nans; count st.infs ]
          else [ value d st `Min; value d st `Max; count st.nans; count st.infs ])


(* {1 GGUF metadata} *)

(* The bytes of a string value shown, and the elements of an array. *)
let string_bytes = 60
let array_elements = 6

(* The shortest decimal that reads back as the float32 [x]. *)
let float32 x =
  let bits = Int32.bits_of_float x in
  let rec go p =
    let s = Printf.sprintf "%.*g" p x in
    if p >= 9 || Int32.bits_of_float (float_of_string s) = bits then s else go (p + 1)
  in
  if Float.is_finite x then go 1 else Printf.sprintf "%g" x

let float64 x =
  let rec go p =
    let s = Printf.sprintf "%.*g" p x in
    if p >= 17 || float_of_string s = x then s else go (p + 1)
  in
  if Float.is_finite x then go 1 else Printf.sprintf "%g" x

(* A value's type as the table prints it: [u32], [string], an array's
   elements' type and its length, [string[151936]], or [array[N]] for an
   array of arrays. *)
let type_text : Gguf.value -> string = function
  | Int (t, _) | Int64 (t, _) | Float (t, _) -> Gguf.value_type_name t
  | Bool _ -> "bool"
  | String _ -> "string"
  | Array a -> Printf.sprintf "%s[%d]" (Gguf.value_type_name (Gguf.array_type a)) (Gguf.array_length a)

(* A value as the table prints it: a string quoted, shortened and escaped,
   an array's first elements and how many more. *)
let rec value_text : Gguf.value -> string = function
  | Int (_, i) -> string_of_int i
  | Int64 (Gguf.U64, i) -> Printf.sprintf "%Lu" i
  | Int64 (_, i) -> Int64.to_string i
  | Float (Gguf.F32, x) -> float32 x
  | Float (_, x) -> float64 x
  | Bool b -> string_of_bool b
  | String s ->
      let q = Text.quoted (Text.shortened string_bytes s) in
      if String.length s <= string_bytes then q
      else Printf.sprintf "%s (%d bytes)" q (String.length s)
  | Array a ->
      let n = Gguf.array_length a in
      let shown = List.init (min n array_elements) (fun i -> value_text (Gguf.array_get a i)) in
      "[" ^ String.concat ", " shown
      ^ (if n > array_elements then Printf.sprintf ", … %d more]" (n - array_elements) else "]")

let print_gguf_metadata kvs =
  Facts_cmd.print_table ~numeric:[ false; false; false ]
    ([ "key"; "type"; "value" ]
    :: List.map (fun (k, v) -> [ Text.printable k; type_text v; value_text v ]) kvs);
  print_newline ()

(* Bits per weight: the tensor's bytes over its elements. *)
let bits_per_weight (t : Source.tensor) =
  let n = Array.fold_left ( * ) 1 t.dims in
  if n = 0 then "-" else Printf.sprintf "%.6g" (8. *. float t.file_bytes /. float n)

(* The heading and table of the file [path], and the errors found: a file
   that cannot be read is an error, and the next file is inspected. *)
let inspect ~stats ~read path =
  if Source.format_of path = Source.Raw_file then
    Cli_error.fail "inspect reads .safetensors, .npy, .npz and .gguf files, PyTorch checkpoints \
                    and checkpoint directories; %s is none" path;
  match Source.open_ ~read ~byte_order:Little_endian path with
  | exception Cli_error.Failed m -> [ m ]
  | input ->
  let errors = ref [] in
  let gguf = input.format = Source.Gguf_file in
  let row (t : Source.tensor) =
    let dtype =
      match (t.stored, t.elements) with
      | Some s, _ -> s
      | None, Typed (Dtype.Any dt) -> Dtype.name dt
      | None, Untyped u -> u.type_name
    in
    [ Text.printable t.name; Text.printable dtype; Shape_text.dims t.dims; string_of_int t.file_bytes ]
    @ (if gguf then [ bits_per_weight t ] else [])
    @
    if not stats then []
    else
      (* A tensor that cannot be read (a CRC-32 that differs) is a row
         that says so, and an error once the table is out. *)
      match stats_columns t with
      | cols -> cols
      | exception Cli_error.Failed m -> errors := m :: !errors; [ "error"; "-"; "-"; "-" ]
  in
  let rows = List.map row input.tensors in
  let header =
    [ "name"; "dtype"; "shape"; "bytes" ] @ (if gguf then [ "bpw" ] else []) @ if stats then [ "min"; "max"; "nan"; "inf" ] else []
  in
  let numeric = [ false; false; false; true ] @ (if gguf then [ true ] else []) @ [ true; true; true; true ] in
  Printf.printf "%s: %s, %d tensor%s%s%s\n" path (Source.format_name input.format)
    (List.length input.tensors)
    (if List.length input.tensors = 1 then "" else "s")
    input.about
    (match input.metadata with
     | Some kvs when kvs <> [] ->
         ", metadata "
         ^ String.concat ", " (List.map (fun (k, v) -> Printf.sprintf "%s=%s" (Text.printable k) (Text.quoted v)) kvs)
     | _ -> "");
  if input.gguf_metadata <> [] then print_gguf_metadata input.gguf_metadata;
  Facts_cmd.print_table
    ~numeric:(List.filteri (fun i _ -> i < List.length header) numeric)
    (header :: rows);
  (* Listed, but convert refuses it. *)
  Option.iter (fun m -> Text.warn "%s (convert refuses it)" m) input.unconvertible;
  (* The members np.load cannot read: listed, then the command's errors. *)
  List.filter_map
    (fun (t : Source.tensor) ->
      match t.elements with Untyped u when u.broken -> Some u.why | _ -> None)
    input.tensors
  @ List.rev !errors

let run args =
  let stats = List.mem "--stats" args and read = List.mem "--no-map" args in
  let files = List.filter (fun a -> a <> "--stats" && a <> "--no-map") args in
  List.iter
    (fun f -> if String.length f > 1 && f.[0] = '-' then Cli_error.fail "unknown option %s" f)
    files;
  if files = [] then Cli_error.fail "inspect takes one or more FILEs";
  let broken =
    List.concat
      (List.mapi
         (fun i path ->
           if i > 0 then print_newline ();
           inspect ~stats ~read path)
         files)
  in
  match List.rev broken with
  | [] -> ()
  | last :: others ->
      flush stdout;
      List.iter (Text.warn "%s") (List.rev others);
      Cli_error.failed "%s" last
