(* llama.cpp's file types and the type of each tensor in one (the rules
   are in the .mli). *)

type ftype = { name : string; value : int; default : Gguf.ggml_type }

let ty n = Option.get (Gguf.ggml_type_of_name n)

let ftypes =
  List.map
    (fun (name, value, d) -> { name; value; default = ty d })
    [ ("Q4_0", 2, "Q4_0"); ("Q4_1", 3, "Q4_1"); ("Q8_0", 7, "Q8_0"); ("Q5_0", 8, "Q5_0");
      ("Q5_1", 9, "Q5_1"); ("Q2_K", 10, "Q2_K"); ("Q3_K_S", 11, "Q3_K"); ("Q3_K_M", 12, "Q3_K");
      ("Q3_K_L", 13, "Q3_K"); ("Q4_K_S", 14, "Q4_K"); ("Q4_K_M", 15, "Q4_K");
      ("Q5_K_S", 16, "Q5_K"); ("Q5_K_M", 17, "Q5_K"); ("Q6_K", 18, "Q6_K");
      ("IQ2_XXS", 19, "IQ2_XXS"); ("IQ2_XS", 20, "IQ2_XS"); ("Q2_K_S", 21, "Q2_K");
      ("IQ3_XS", 22, "IQ3_S"); ("IQ3_XXS", 23, "IQ3_XXS"); ("IQ1_S", 24, "IQ1_S");
      ("IQ4_NL", 25, "IQ4_NL"); ("IQ3_S", 26, "IQ3_S"); ("IQ3_M", 27, "IQ3_S");
      ("IQ2_S", 28, "IQ2_XS"); ("IQ2_M", 29, "IQ2_S"); ("IQ4_XS", 30, "IQ4_XS");
      ("IQ1_M", 31, "IQ1_M"); ("TQ1_0", 36, "TQ1_0"); ("TQ2_0", 37, "TQ2_0");
      ("MXFP4_MOE", 38, "MXFP4"); ("NVFP4", 39, "NVFP4"); ("Q1_0", 40, "Q1_0");
      ("Q2_0", 41, "Q2_0") ]

let ftype_of_name s =
  let s = match s with "Q3_K" -> "Q3_K_M" | "Q4_K" -> "Q4_K_M" | "Q5_K" -> "Q5_K_M" | s -> s in
  List.find_opt (fun f -> f.name = s) ftypes

let ftype_of_default t = List.find_opt (fun f -> f.default.Gguf.id = t.Gguf.id) ftypes

type model = {
  arch : string;
  n_layer : int;
  n_gqa : int;
  n_expert : int;
  is_70b : bool;
  has_imatrix : bool;
}

let model_of_metadata ~has_imatrix metadata =
  let find k = List.assoc_opt k metadata in
  let int k =
    match find k with
    | Some (Gguf.Int (_, i)) -> i
    | Some (Gguf.Int64 (_, i)) -> Int64.to_int i
    | Some (Gguf.Array a) when Gguf.array_length a > 0 -> (
        (* Per-layer head counts: layer 0's, as hparams.n_gqa () reads. *)
        match Gguf.array_get a 0 with Gguf.Int (_, i) -> i | _ -> 0)
    | _ -> 0
  in
  let arch = match find "general.architecture" with Some (Gguf.String s) -> s | _ -> "" in
  let n_layer = int (arch ^ ".block_count") in
  let n_head = int (arch ^ ".attention.head_count") in
  let n_head_kv =
    match find (arch ^ ".attention.head_count_kv") with None -> n_head | Some _ -> int (arch ^ ".attention.head_count_kv")
  in
  { arch; n_layer;
    n_gqa = (if n_head_kv = 0 then 0 else n_head / n_head_kv);
    n_expert = int (arch ^ ".expert_count");
    is_70b = arch = "llama" && n_layer = 80 && n_head <> n_head_kv;
    has_imatrix }

type tensor = { name : string; ggml_type : Gguf.ggml_type; ne : int array }

let contains s sub =
  let n = String.length sub and m = String.length s in
  let rec go i = i + n <= m && (String.sub s i n = sub || go (i + 1)) in
  go 0

(* ggml_n_dims: trailing dimensions of 1 left out, at least 1. *)
let n_dims ne =
  let rec go i = if i > 0 && ne.(i) = 1 then go (i - 1) else i + 1 in
  if Array.length ne = 0 then 1 else go (Array.length ne - 1)

let kept_substrings =
  [ "_norm.weight"; "ffn_gate_inp.weight"; "ffn_gate_tid2eid.weight"; "altup"; "laurel";
    "per_layer_model_proj"; "ssm_conv1d"; "shortconv.conv.weight"; "indexer.k_proj.weight";
    "indexer.q_proj.weight"; "time_mix_first.weight"; "time_mix_w0.weight";
    "time_mix_w1.weight"; "time_mix_w2.weight"; "time_mix_v0.weight"; "time_mix_v1.weight";
    "time_mix_v2.weight"; "time_mix_a0.weight"; "time_mix_a1.weight"; "time_mix_a2.weight";
    "time_mix_g1.weight"; "time_mix_g2.weight"; "time_mix_decay_w1.weight";
    "time_mix_decay_w2.weight"; "time_mix_lerp_fused.weight"; "attn_rel_b.weight";
    ".position_embd"; "sam.pos_embd"; "sam.neck."; "sam.net_"; ".rel_pos"; ".patch_embd";
    ".patch_merger"; "a.rvq.codebook"; "mm.a.code_embd" ]

let allows_quantization t =
  n_dims t.ne >= 2
  && String.ends_with ~suffix:"weight" t.name
  && (not (List.exists (contains t.name) kept_substrings))
  && t.name <> "position_embd.weight" && t.name <> "token_types.weight"

type category =
  | Token_embd | Attn_q | Attn_v | Attn_k | Attn_qkv | Attn_kv_b | Attn_output | Ffn_up
  | Ffn_gate | Ffn_down | Output | Other

let is_token_embd n = n = "token_embd.weight" || n = "per_layer_token_embd.weight"

let category name =
  if name = "output.weight" then Output
  else if is_token_embd name then Token_embd
  else
    let rules =
      [ ("attn_qkv.weight", Attn_qkv); ("attn_kv_b.weight", Attn_kv_b); ("attn_v.weight", Attn_v);
        ("attn_k.weight", Attn_k); ("attn_q.weight", Attn_q); ("attn_output.weight", Attn_output);
        ("ffn_up", Ffn_up); ("ffn_gate", Ffn_gate); ("ffn_down", Ffn_down) ]
    in
    match List.find_opt (fun (s, _) -> contains name s) rules with Some (_, c) -> c | None -> Other

let is_attn_v = function Attn_v | Attn_qkv | Attn_kv_b -> true | _ -> false

(* C's truncating division is OCaml's. *)
let more_bits i n = i < n / 8 || i >= 7 * n / 8 || (i - (n / 8)) mod 3 = 2

exception Refused of string

(* The mutable counters of llama.cpp's quantize_state_impl. *)
type state = {
  m : model;
  tied : bool;
  n_attention_wv : int;
  mutable i_attention_wv : int;
  mutable i_ffn_down : int;
  mutable i_ffn_gate : int;
  mutable i_ffn_up : int;
}

let fallback t (g : Gguf.ggml_type) =
  let ncols = if Array.length t.ne = 0 then 1 else t.ne.(0) in
  if ncols mod g.block_size = 0 then g
  else
    let r =
      match g.type_name with
      | "IQ1_S" | "IQ1_M" | "IQ2_XXS" | "IQ2_XS" | "IQ2_S" | "IQ3_XXS" | "IQ3_S" | "IQ4_XS" -> "IQ4_NL"
      | "Q2_0" | "Q2_K" | "Q3_K" | "TQ1_0" | "TQ2_0" -> "Q4_0"
      | "Q4_K" -> "Q5_0"
      | "Q5_K" -> "Q5_1"
      | "Q6_K" -> "Q8_0"
      | n ->
          raise
            (Refused
               (Printf.sprintf "tensor %S: rows of %d values are not whole %s blocks, and no type \
                                is defined to fall back to" t.name ncols n))
    in
    let r = ty r in
    if ncols mod r.block_size = 0 then r else ty "F16"

let get_type qs (ft : ftype) t default cat =
  let m = qs.m in
  let f = ft.name in
  let is l = List.mem f l in
  let layer_info i n =
    if m.n_expert > 1 then (
      match Scanf.sscanf_opt t.name "blk.%d." (fun i -> i) with
      | None -> raise (Refused (Printf.sprintf "tensor %S: cannot read its layer (blk.N.)" t.name))
      | Some i when i < 0 || i >= n ->
          raise (Refused (Printf.sprintf "tensor %S: layer %d is not below the %d layers" t.name i n))
      | Some i -> (i, n))
    else (i, n)
  in
  let iq_low = [ "IQ2_XXS"; "IQ2_XS"; "IQ1_S"; "IQ2_S"; "IQ2_M"; "IQ1_M" ] in
  let new_type = ref default in
  let set n = new_type := ty n in
  (if cat = Output || (qs.tied && cat = Token_embd) then begin
     let nx = t.ne.(0) in
     if f = "MXFP4_MOE" then set "Q8_0"
     else if m.arch = "falcon" || nx mod !new_type.block_size <> 0 then set "Q8_0"
     else if is [ "IQ2_XXS"; "IQ2_XS"; "IQ3_XXS"; "IQ1_S"; "IQ2_S"; "IQ2_M"; "IQ1_M" ] then set "Q5_K"
     else if !new_type.type_name <> "Q8_0" then set "Q6_K"
   end
   else if f = "MXFP4_MOE" then
     (* (bailingmoe3's expert roles aside) *)
     let experts =
       Array.length t.ne > 2 && t.ne.(2) > 1
       && (m.arch <> "bailingmoe3" || List.mem cat [ Ffn_up; Ffn_gate; Ffn_down ])
     in
     set (if experts then "MXFP4" else "Q8_0")
   else if cat = Token_embd then begin
     if is [ "IQ2_XXS"; "IQ2_XS"; "IQ1_S"; "IQ1_M" ] then set "Q2_K"
     else if is [ "IQ2_S"; "IQ2_M"; "IQ3_XXS" ] then set "IQ3_S"
     else if is [ "TQ1_0"; "TQ2_0"; "Q2_0" ] then set "Q4_K"
   end
   else if is iq_low then begin
     let s_or_m = is [ "IQ2_S"; "IQ2_M" ] in
     if is_attn_v cat then begin
       if m.n_gqa >= 4 || m.n_expert >= 4 then set "Q4_K" else set (if s_or_m then "IQ3_S" else "Q2_K");
       qs.i_attention_wv <- qs.i_attention_wv + 1
     end
     else if m.n_expert = 8 && cat = Attn_k then set "Q4_K"
     else if cat = Ffn_down then begin
       if qs.i_ffn_down < m.n_layer / 8 then set (if s_or_m then "IQ3_S" else "Q2_K");
       qs.i_ffn_down <- qs.i_ffn_down + 1
     end
     else if cat = Attn_output then begin
       if m.n_expert = 8 then set "Q5_K"
       else if is [ "IQ1_S"; "IQ1_M" ] then set "IQ2_XXS"
       else if s_or_m then set "IQ3_S"
     end
   end
   else if is_attn_v cat then begin
     let gqa4 = m.n_gqa >= 4 in
     if f = "Q2_K" then set (if gqa4 then "Q4_K" else "Q3_K")
     else if f = "Q2_K_S" && gqa4 then set "Q4_K"
     else if f = "IQ3_XXS" then
       set (if gqa4 then "Q4_K" else if not m.has_imatrix then "IQ3_S" else "IQ3_XXS")
     else if is [ "IQ3_XS"; "IQ3_S" ] && gqa4 then set "Q4_K"
     else if f = "IQ3_M" then set "Q4_K"
     else if f = "Q3_K_M" then set (if qs.i_attention_wv < 2 then "Q5_K" else "Q4_K")
     else if f = "Q3_K_L" then set "Q5_K"
     else if is [ "IQ4_NL"; "IQ4_XS" ] && gqa4 then set "Q5_K"
     else if is [ "Q4_K_M"; "Q5_K_M" ] && more_bits qs.i_attention_wv qs.n_attention_wv then set "Q6_K"
     else if f = "Q4_K_S" && qs.i_attention_wv < 4 then set "Q5_K";
     if m.is_70b && List.mem !new_type.type_name [ "Q3_K"; "Q4_K" ] then set "Q5_K";
     if m.n_expert = 8 then set "Q8_0";
     qs.i_attention_wv <- qs.i_attention_wv + 1
   end
   else if cat = Attn_k then begin
     if m.n_expert = 8 then set "Q8_0"
     else if f = "IQ3_XS" then set "IQ3_XXS"
     else if f = "IQ3_XXS" then set "IQ2_S"
   end
   else if cat = Attn_q then begin
     if f = "IQ3_XS" then set "IQ3_XXS" else if f = "IQ3_XXS" then set "IQ2_S"
   end
   else if cat = Ffn_down then begin
     let i, n = layer_info qs.i_ffn_down m.n_layer in
     let falcon = m.arch = "falcon" in
     (if f = "Q2_K" then set "Q3_K"
      else if f = "Q2_K_S" then (if i < n / 8 then set "Q4_K")
      else if f = "IQ3_XXS" && not m.has_imatrix then set (if i < n / 8 then "Q4_K" else "Q3_K")
      else if f = "Q3_K_M" then
        set (if i < n / 16 then "Q5_K" else if (not falcon) || more_bits i n then "Q4_K" else "Q3_K")
      else if f = "IQ3_M" && (i < n / 8 || (m.n_expert = 8 && more_bits i n)) then set "Q4_K"
      else if f = "Q3_K_L" then set (if falcon then "Q4_K" else "Q5_K")
      else if f = "Q4_K_M" then begin
        if falcon then set (if i < n / 16 then "Q6_K" else if more_bits i n then "Q5_K" else "Q4_K")
        else if more_bits i n then set "Q6_K"
      end
      else if i < n / 8 && is [ "IQ4_NL"; "IQ4_XS" ] && not m.has_imatrix then set "Q5_K"
      else if f = "Q5_K_M" && more_bits i n then set "Q6_K"
      else if f = "Q4_K_S" && (not falcon) && i < n / 8 then set "Q5_K"
      else if is [ "Q4_0"; "Q5_0" ] && m.has_imatrix && i < n / 8 then
        set (if f = "Q4_0" then "Q4_1" else "Q5_1"));
     qs.i_ffn_down <- qs.i_ffn_down + 1
   end
   else if cat = Attn_output then begin
     if m.arch <> "falcon" then begin
       if m.n_expert = 8 then begin
         if is [ "Q2_K"; "IQ3_XS"; "IQ3_XXS"; "Q3_K_S"; "Q3_K_M"; "IQ4_NL"; "Q4_K_S"; "Q4_K_M";
                 "IQ3_S"; "IQ3_M"; "IQ4_XS" ]
         then set "Q5_K"
       end
       else if f = "Q2_K" then set "Q3_K"
       else if f = "IQ3_XXS" then set "IQ3_S"
       else if f = "Q3_K_M" then set "Q4_K"
       else if f = "Q3_K_L" then set "Q5_K"
       else if f = "IQ3_M" then set "Q4_K"
     end
     else if f = "Q3_K_L" then set "Q4_K"
   end
   else if cat = Attn_qkv then begin
     if is [ "Q3_K_M"; "Q3_K_L"; "IQ3_M" ] then set "Q4_K"
     else if f = "Q4_K_M" then set "Q5_K"
     else if f = "Q5_K_M" then set "Q6_K"
   end
   else if cat = Ffn_gate || cat = Ffn_up then begin
     let counter = if cat = Ffn_gate then qs.i_ffn_gate else qs.i_ffn_up in
     let i, n = layer_info counter m.n_layer in
     if f = "IQ3_XS" && i >= n / 8 && i < 7 * n / 8 then set "IQ3_XXS";
     if cat = Ffn_gate then qs.i_ffn_gate <- qs.i_ffn_gate + 1 else qs.i_ffn_up <- qs.i_ffn_up + 1
   end);
  !new_type

let types ?(pure = false) ft m ts =
  let qs =
    { m; tied = not (List.exists (fun t -> t.name = "output.weight") ts);
      n_attention_wv = List.length (List.filter (fun t -> is_attn_v (category t.name)) ts);
      i_attention_wv = 0; i_ffn_down = 0; i_ffn_gate = 0; i_ffn_up = 0 }
  in
  match
    List.map
      (fun t ->
        if not (allows_quantization t) then t.ggml_type
        else
          let g = if pure then ft.default else get_type qs ft t ft.default (category t.name) in
          fallback t g)
      ts
  with
  | l -> Ok l
  | exception Refused m -> Error m

let requires_imatrix (ft : ftype) (t : tensor) (g : Gguf.ggml_type) =
  if is_token_embd t.name || t.name = "output.weight" then false
  else
    match g.type_name with
    | "IQ3_XXS" | "IQ2_XXS" | "IQ2_XS" | "IQ2_S" | "IQ1_M" | "IQ1_S" -> true
    | "Q2_K" -> ft.name = "Q2_K_S"
    | _ -> false

(* sscanf (name, "blk.%d.", &layer), layer -1 if nothing is read: glibc
   reads a long (saturating, as strtol) and stores its low 32 bits. *)
let layer name =
  let n = String.length name in
  if n < 4 || String.sub name 0 4 <> "blk." then -1
  else begin
    let i = ref 4 in
    while !i < n && (match name.[!i] with ' ' | '\t' | '\n' | '\r' | '\011' | '\012' -> true | _ -> false) do
      incr i
    done;
    let negative = !i < n && name.[!i] = '-' in
    if !i < n && (name.[!i] = '-' || name.[!i] = '+') then incr i;
    let start = !i in
    (* The magnitude, held to 2^63 (its saturation point either way). *)
    let limit = Int64.min_int in
    let acc = ref 0L and over = ref false in
    while !i < n && name.[!i] >= '0' && name.[!i] <= '9' do
      let d = Int64.of_int (Char.code name.[!i] - 48) in
      (* acc is kept as a negative number to reach -2^63. *)
      if (not !over) && Int64.compare !acc (Int64.div (Int64.add limit d) 10L) >= 0 then
        acc := Int64.sub (Int64.mul !acc 10L) d
      else over := true;
      incr i
    done;
    if !i = start then -1
    else
      let v =
        if !over then if negative then Int64.min_int else Int64.max_int
        else if negative then !acc
        else if !acc = Int64.min_int then Int64.max_int
        else Int64.neg !acc
      in
      Int32.to_int (Int64.to_int32 v)
  end

let compare_names a b =
  let la = layer a and lb = layer b in
  if la <> lb then compare la lb else String.compare a b
